/// Where the store is: `--store PATH`, else `DASHPILOT_STORE`, else the platform default.
enum StoreLocation {
    /// The store path for `option` and `environment`, or `nil` when no home folder is known.
    static func resolve(option: String?, environment: [String: String]) -> String? {
        if let option, !option.isEmpty { return option }
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
