import DashPilotScreens

extension ScreenBuffer {
    /// `title`, which ends by quoting `filter`, as it heads a list filtered as the driver types:
    /// its quote cut short ("…") where the heading would take more than a quarter of a window
    /// of `rows` lines (as `lines` counts them), for the field under it, which typing acts on,
    /// to stay in view with it ("the cursor and the characters around it are always visible").
    static func heading(_ title: String, echoing filter: String, rows: Int, lines: (String) -> Int) -> String {
        let most = max(rows / 4, lines(echoing(filter, in: title, atMost: 1)))
        var heading = title
        var echoed = filter.count
        while echoed > 1, lines(heading) > most {
            echoed = echoed * 3 / 4
            heading = echoing(filter, in: title, atMost: echoed)
        }
        return heading
    }

    /// `title`, which ends by quoting `filter` ("Places · 3 of 214 match "noo""), with the quote
    /// cut to `count` characters and "…" where the filter is longer.
    private static func echoing(_ filter: String, in title: String, atMost count: Int) -> String {
        let quoted = "\"\(filter)\""
        guard filter.count > count, title.hasSuffix(quoted) else { return title }
        return title.dropLast(quoted.count) + "\"\(filter.prefix(max(1, count)))…\""
    }
}
