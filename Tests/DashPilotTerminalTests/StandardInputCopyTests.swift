import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// cli.md, 130: "Interrupted (Ctrl-C) … the operation under way either committed or left no
/// trace." `route import -` copies a pipe before it reads it; a stop must end that copy whenever
/// it comes, the writer still holding the pipe open (CI saw the import wait on).
@Suite("Copying standard input")
struct StandardInputCopyTests {
    /// A pipe with `bytes` written into it, its write end left open as a writer that has not
    /// finished would leave it.
    static func openPipe(holding bytes: [UInt8]) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        try #require(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        return (ends[0], ends[1])
    }

    /// The stop comes the second time the copy looks for one. With 600 bytes written, that is
    /// once the first read took them all: no read is under way for it to cut short, and the next
    /// would wait for as long as the writer keeps the pipe open (before, the copy looked for a
    /// stop only when a read was cut short, and waited on). With none, nothing has come yet.
    @Test(.timeLimit(.minutes(1)), arguments: [600, 0])
    func aStopWhileTheWriterHoldsThePipeOpenEndsTheCopy(written: Int) throws {
        let pipe = try Self.openPipe(holding: Array(repeating: UInt8(ascii: "x"), count: written))
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        var asked = 0
        #expect(throws: StopSignals.Stopped.self) {
            _ = try MappedFile.privateCopy(
                of: pipe.read, beside: StorePath(NSTemporaryDirectory() + "/store.sqlite"), shown: "standard input"
            ) {
                asked += 1
                if asked > 1 { throw StopSignals.Stopped() }
            }
        }
        #expect(asked == 2)
    }

    /// With no stop, the copy holds every byte once the writer closes the pipe, and no file of
    /// it is left in a folder. How much it has copied is told as it goes (a terminal's line
    /// says it: a writer can take many seconds), from nothing to every byte.
    @Test func withNoStopTheCopyHoldsEveryByteToTheEnd() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // The writer on its own thread: the pipe holds less than what is written.
        let writeEnd = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                    guard written > 0 else { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        var told: [Int] = []
        let copy = try MappedFile.privateCopy(
            of: ends[0], beside: StorePath(NSTemporaryDirectory() + "/store.sqlite"), shown: "standard input", stopping: {},
            copied: { told.append($0) })
        defer { close(copy) }
        #expect(told.first == 0 && told.last == bytes.count && told == told.sorted(), "\(told)")
        var info = stat()
        #expect(fstat(copy, &info) == 0 && info.st_nlink == 0 && info.st_mode & 0o777 == 0o600)
        var read = [UInt8](repeating: 0, count: bytes.count + 1)
        let count = read.withUnsafeMutableBytes { pread(copy, $0.baseAddress, $0.count, 0) }
        #expect(count == bytes.count)
        #expect(Array(read.prefix(count)) == bytes)
    }
}
