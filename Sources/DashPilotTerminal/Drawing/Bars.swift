/// A bar picture of counts, as a terminal draws it: block characters, or `#` where colour and
/// Unicode are not wanted (`NO_COLOR`, or a terminal whose locale is not UTF-8).
struct Bars {
    /// The widest bar, in columns.
    var width = 20
    /// Whether to draw with `#`.
    var plain: Bool

    /// Whether `environment` asks for the plain picture.
    static func isPlain(_ environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return true }
        let locale =
            environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"] ?? ""
        let upper = locale.uppercased()
        return !(upper.contains("UTF-8") || upper.contains("UTF8"))
    }

    /// The bar of `count` scaled to `largest`: empty for zero, at least one column otherwise.
    func bar(_ count: Int, of largest: Int) -> String {
        guard count > 0, largest > 0 else { return "" }
        let columns = max(1, Int((Double(count) / Double(largest) * Double(width)).rounded()))
        return String(repeating: plain ? "#" : "▇", count: columns)
    }
}
