import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// cli.md: a file that cannot be read is refused "with a sentence naming it", and the exit
/// statuses are 0, 1, 64, 74 and 130. A GPX file cut short by another program while `route
/// import` read it (a copy over it) ended the program with SIGBUS (135), no sentence, and the
/// store's journal beside it (from audit).
@Suite("A mapped file cut short while it is read")
struct MappedFileTests {
    @Test func aFileCutShortWhileItIsReadIsRefusedNeverACrash() throws {
        let folder = NSTemporaryDirectory() + "dashpilot-mapped-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/ride.gpx"
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        try Data(repeating: 0x41, count: 8 * page).write(to: URL(fileURLWithPath: path))
        let file = try MappedFile(path: Array(path.utf8), copiesBeside: StorePath(folder + "/s.sqlite"))
        #expect(!file.changed)
        // Another program cuts it to one page, between two checks of its size.
        #expect(truncate(path, off_t(page)) == 0)
        let read = file.withBytes { bytes in (bytes[0], bytes[3 * page], bytes[8 * page - 1]) }
        #expect(read == (0x41, 0, 0))
        #expect(file.changed)
        #expect(throws: CommandFailure.self) { try file.release(before: 2 * page) }
        #expect(file.changedFailure.sentence == "\(path) changed while it was read; nothing was imported from it.")
    }
}
