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
