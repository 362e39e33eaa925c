#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's arguments after the program's name, as the bytes it was given (cli.md: "A path is
/// used as the bytes it was given"), an empty one kept.
enum ProcessArguments {
    static func given() -> [[UInt8]] {
        if CommandLine.argc > 0 {
            return (1..<Int(CommandLine.argc)).map { index in
                guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
                return Array(
                    UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            }
        }
        // Swift on Linux finds the arguments by walking back from `environ` to the start of the
        // process's stack; a library preloaded ahead of it that sets a variable as it loads
        // (libfaketime without its launcher) moves `environ` to the heap, and none are found. The
        // kernel keeps them, separated by NUL bytes.
        return Array(kernelCopy().split(separator: 0, omittingEmptySubsequences: false).dropFirst().dropLast().map(Array.init))
    }

    /// `/proc/self/cmdline`: every argument, the program's name first, each ended by a NUL byte.
    private static func kernelCopy() -> [UInt8] {
        #if os(Linux)
            let descriptor = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return [] }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return bytes }
                bytes += chunk[..<count]
            }
        #else
            return []
        #endif
    }
}
