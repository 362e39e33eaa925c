extension String {
    /// The sentence with its full stop, where it does not end with one already: an amount can
    /// (Egypt's pound is "ج.م." under ar_EG), and so can a note the driver typed.
    public var withFullStop: String { last.map { ".?!".contains($0) } == true ? self : self + "." }
}
