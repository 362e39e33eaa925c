/// Where the store is when `--store` is not given: `DASHPILOT_STORE`, else the platform default.
enum StoreLocation {
    /// The store path for `environment`, or `nil` when no home folder is known.
    static func resolve(environment: [String: String]) -> String? {
        if let path = environment["DASHPILOT_STORE"], !path.isEmpty { return path }
        #if os(macOS) || os(iOS)
            guard let home = environment["HOME"], !home.isEmpty else { return nil }
            return home + "/Library/Application Support/DashPilot/dashpilot.sqlite"
        #else
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return data + "/dashpilot/dashpilot.sqlite"
            }
            guard let home = environment["HOME"], !home.isEmpty else { return nil }
            return home + "/.local/share/dashpilot/dashpilot.sqlite"
        #endif
    }
}
