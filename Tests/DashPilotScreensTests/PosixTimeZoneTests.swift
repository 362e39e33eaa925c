import Foundation
import Testing

@testable import DashPilotScreens

/// platform.md: "The time zone is `TZ`, else the system's". Without `TZ` the system's zone is
/// found from `/etc/localtime` as the C library finds it, no longer through Foundation's
/// `current` (which read the whole environment twice to learn what `TZ` says).
@Suite("The system's time zone")
struct PosixTimeZoneTests {
    @Test(.enabled(if: getenv("TZ") == nil, "Foundation's current follows this process's TZ"))
    func withoutTZTheSystemsZoneIsFoundationsCurrent() {
        #expect(PosixTimeZone.zone(nil, now: .distantPast).identifier == TimeZone.current.identifier)
        #expect(PosixTimeZone.zone("", now: .distantPast).identifier == TimeZone.current.identifier)
    }

    @Test func theSystemsZoneIsTheOneLocaltimeLinksTo() throws {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = readlink("/etc/localtime", &buffer, buffer.count)
        try #require(count > 0, "/etc/localtime is not a link here")
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let name = try #require(target.components(separatedBy: "zoneinfo/").last)
        #expect(PosixTimeZone.system().identifier == TimeZone(identifier: name)?.identifier)
    }
}
