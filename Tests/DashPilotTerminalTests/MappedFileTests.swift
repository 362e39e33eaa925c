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
/// One at a time: the handler watches one file, the last mapped, for the whole process.
@Suite("A mapped file cut short while it is read", .serialized)
struct MappedFileTests {
    /// A folder of the test's own, and the path of a GPX file in it.
    static func folder() throws -> (folder: String, file: String) {
        let folder = NSTemporaryDirectory() + "dashpilot-mapped-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder, folder + "/ride.gpx")
    }

    @Test func aFileCutShortWhileItIsReadIsRefusedNeverACrash() throws {
        let (folder, path) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
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

    /// Cut inside a page, the file keeps that page, zeros past its new end and no fault: it was
    /// refused as malformed ("the control character U+0000") rather than changed (from review).
    @Test func aFileCutInsideAPageIsChangedToo() throws {
        let (folder, path) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        try Data(repeating: 0x41, count: 2 * page).write(to: URL(fileURLWithPath: path))
        let file = try MappedFile(path: Array(path.utf8), copiesBeside: StorePath(folder + "/s.sqlite"))
        #expect(truncate(path, off_t(page + 100)) == 0)
        #expect(file.withBytes { $0[page + 200] } == 0)
        #expect(file.changed)
    }

    /// The handler is in place only while a file is mapped: the one there was before (the
    /// runtime's, which says where a program crashed) is back once none is (from review).
    @Test func theHandlerThereWasBeforeIsBackOnceNoFileIsMapped() throws {
        func current() -> UInt {
            var action = sigaction()
            sigaction(SIGBUS, nil, &action)
            #if canImport(Glibc)
                return UInt(bitPattern: unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self))
            #else
                return UInt(bitPattern: unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self))
            #endif
        }
        let before = current()
        let (folder, path) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(repeating: 0x41, count: 100).write(to: URL(fileURLWithPath: path))
        do {
            let file = try MappedFile(path: Array(path.utf8), copiesBeside: StorePath(folder + "/s.sqlite"))
            #expect(current() != before)
            #expect(!file.changed)
        }
        #expect(current() == before)
    }
}
