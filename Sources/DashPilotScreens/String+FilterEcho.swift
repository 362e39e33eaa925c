extension String {
    /// This title, which ends by quoting `filter` ("Places · 3 of 214 match "noo""), with the
    /// quote cut to `count` characters and "…" where the filter is longer: the field under the
    /// title shows the filter whole.
    public func echoing(_ filter: String, atMost count: Int) -> String {
        let quoted = "\"\(filter)\""
        guard filter.count > count, hasSuffix(quoted) else { return self }
        return dropLast(quoted.count) + "\"\(filter.prefix(max(1, count)))…\""
    }
}
