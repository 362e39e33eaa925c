import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `read` and `write` of the C library by names of their own: inside a type with a `read` or a
// `write` of its own (a terminal, a file), the bare name is the type's.

/// The C library's `read(2)`.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

/// The C library's `write(2)`.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}

/// How many columns the terminal on `descriptor` has; 0 when it is not a terminal or does not say.
func terminalColumns(_ descriptor: Int32) -> Int {
    var size = winsize()
    return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_col) : 0
}

/// The process's environment, read from the C library's `environ` as `getenv` reads it: the
/// first of a name given twice, an entry without `=` skipped, bytes that are not UTF-8 repaired
/// as Foundation's copy repairs them. Foundation's `ProcessInfo.environment` builds the same
/// dictionary at seven times the cost: a twelfth of a small read's instructions.
func processEnvironment() -> [String: String] {
    #if canImport(Glibc)
        var result: [String: String] = [:]
        // Never null at a program's start: exec gives it an array, empty or not.
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if result[name] == nil { result[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self) }
            }
            entry += 1
        }
        return result
    #else
        return ProcessInfo.processInfo.environment
    #endif
}
