import Foundation

/// Which elements are GPX's. platform.md: "namespaces and extensions ignored except accuracy": an
/// element whose prefix is not bound to GPX's namespace (or, below the root, that is in another
/// producer's default namespace) is never read as GPX, and neither is anything inside it or inside
/// `<extensions>`. The root's own default namespace is taken as GPX's, whatever it says, and a
/// file with no namespace at all is GPX.
extension GPXScanner {
    /// Records the namespace declarations among the attributes of the element just opened.
    mutating func declareNamespaces() {
        var declared = false
        for attribute in attributes where starts("xmlns", at: attribute.name.lowerBound) {
            let name = attribute.name
            let isGPX = starts("http://www.topografix.com/GPX/", at: attribute.value.lowerBound)
            if name.count == 5 && stack.count > 1 {
                namespaces.append((name.lowerBound..<name.lowerBound, isGPX, stack.count))
            } else if name.count > 6 && bytes[name.lowerBound + 5] == 0x3A {
                namespaces.append(((name.lowerBound + 6)..<name.upperBound, isGPX, stack.count))
            }
            declared = true
        }
        if declared { defaultIsForeign = namespaces.last { $0.prefix.isEmpty }.map { !$0.isGPX } ?? false }
    }

    /// Forgets the declarations of an element that closed at `depth`.
    mutating func undeclareNamespaces(closingAt depth: Int) {
        guard let last = namespaces.last, last.depth >= depth else { return }
        while let last = namespaces.last, last.depth >= depth { namespaces.removeLast() }
        defaultIsForeign = namespaces.last { $0.prefix.isEmpty }.map { !$0.isGPX } ?? false
    }

    /// Whether the element named `name` is in GPX's namespace: a prefix bound to it, or no prefix
    /// where the default namespace is GPX's. A prefix that was never declared is not GPX's.
    /// Inlined, as the comparisons of `GPXScanner` are: a call copied the whole scanner.
    @inline(__always)
    func isGPX(_ name: Range<Int>) -> Bool {
        var colon = name.lowerBound
        while colon < name.upperBound, bytes[colon] != 0x3A { colon += 1 }
        guard colon < name.upperBound else { return !defaultIsForeign }
        let prefix = name.lowerBound..<colon
        for binding in namespaces.reversed() where sameName(binding.prefix, prefix) { return binding.isGPX }
        return false
    }

    /// Whether the name at `range`, with no prefix, is `literal` (an attribute of GPX's own).
    @inline(__always)
    func isExactly(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && starts(literal, at: range.lowerBound)
    }
}
