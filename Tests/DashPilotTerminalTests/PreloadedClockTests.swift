import Foundation
import Testing

/// The time is faked for a test as `faketime` does it, by preloading libfaketime; a harness may
/// preload it itself, without the launcher (`LD_PRELOAD=…/libfaketime.so.1 FAKETIME=@…`). The
/// library then sets a variable as it loads, which moves `environ`, where Swift on Linux looks for
/// the arguments: every command lost its arguments and stopped with "Range requires lowerBound <=
/// upperBound" before reading one. cli.md: "A path is used as the bytes it was given".
@Suite struct PreloadedClockTests {
    static let library = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"]
        .map { $0 + "/faketime/libfaketime.so.1" }
        .first { FileManager.default.fileExists(atPath: $0) }

    @Test func argumentsReachTheProgramWhenLibfaketimeIsPreloadedWithoutItsLauncher() throws {
        let library = try #require(Self.library, "libfaketime is installed by .ci/run")
        let dash = Binary()
        var environment = dash.environment.merging(["LD_PRELOAD": library, "FAKETIME": "@2026-11-20 18:00:00"]) { $1 }
        environment["FAKETIME_SHARED"] = nil
        func run(_ arguments: [[UInt8]]) -> RunResult {
            dash.spawn([Array(Binary.path.utf8)] + arguments, environment: environment, stdin: nil)
        }
        let version = run([Array("--version".utf8)])
        #expect(version.status == 0 && version.stdout.hasPrefix("dashpilot "), "\(version)")
        #expect(run([Array("shift".utf8), Array("start".utf8)]).status == 0)
        let shown = run([Array("shift".utf8), Array("show".utf8), Array("--json".utf8)])
        #expect(shown.stdout.contains("\"startedAt\": \"2026-11-20T18:00:00Z\""), "\(shown)")
        // An empty argument and one that is not UTF-8 arrive as they were given.
        let empty = run([Array("--store".utf8), [], Array("shift".utf8), Array("show".utf8)])
        #expect(empty.status == 64 && empty.stderr.contains("empty"), "\(empty)")
        let accepted = run([Array("delivery".utf8), Array("accept".utf8)])
        #expect(accepted.status == 0, "\(accepted)")
        let named = run([Array("pickup".utf8), Array("set".utf8), Array("1".utf8), [0x41, 0xFF, 0x42]])
        #expect(named.status == 1 && named.stderr.contains("UTF-8"), "\(named)")
    }
}
