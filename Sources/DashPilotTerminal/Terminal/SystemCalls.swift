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

/// Standard input, output or error closed when the program started (`<&-`): each is held by
/// `/dev/null` opened the other way, so that reading or writing it fails as a closed descriptor
/// does (EBADF, said as such), and no file the program opens later (a GPX file, a backup) takes
/// its number: standard input closed read as an empty file, the store opened in its place.
func holdClosedStandardDescriptors() {
    for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let held = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
        if held >= 0 && held != descriptor {
            dup2(held, descriptor)
            close(held)
        }
    }
}
