import DashPilotStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the store is when `--store` is not given: `DASHPILOT_STORE`, else the platform default.
enum StoreLocation {
    /// The store path for `environment`, or `nil` when no home folder is known.
    static func resolve(environment: [String: String]) -> StorePath? {
        func value(_ name: String) -> [UInt8]? { bytes(of: name, in: environment) }
        if let path = value("DASHPILOT_STORE"), !path.isEmpty { return StorePath(bytes: path) }
        #if os(macOS) || os(iOS)
            guard let home = value("HOME"), !home.isEmpty else { return nil }
            return StorePath(bytes: home + Array("/Library/Application Support/DashPilot/dashpilot.sqlite".utf8))
        #else
            if let data = value("XDG_DATA_HOME"), data.first == UInt8(ascii: "/") {
                return StorePath(bytes: data + Array("/dashpilot/dashpilot.sqlite".utf8))
            }
            guard let home = value("HOME"), !home.isEmpty else { return nil }
            return StorePath(bytes: home + Array("/.local/share/dashpilot/dashpilot.sqlite".utf8))
        #endif
    }

    /// Variable `name`'s value in `environment`, as the bytes the process was given: the
    /// environment's strings repair a value that is not UTF-8, and a path so repaired names
    /// another file. The process's own bytes are taken when `environment` holds their repair.
    static func bytes(of name: String, in environment: [String: String]) -> [UInt8]? {
        guard let value = environment[name] else { return nil }
        if let raw = getenv(name) {
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
            if String(decoding: bytes, as: UTF8.self) == value { return bytes }
        }
        return Array(value.utf8)
    }
}
