extension PickupPlaceName {
    /// Every assigned scalar (not unassigned, private-use or a surrogate).
    public static var assignedScalars: [Unicode.Scalar] {
        (0...0x10FFFF).compactMap { value in
            guard let scalar = Unicode.Scalar(value) else { return nil }
            switch scalar.properties.generalCategory {
            case .unassigned, .privateUse, .surrogate: return nil
            default: return scalar
            }
        }
    }

    /// The reference table of today's folding: a line for every assigned scalar whose key is not
    /// itself, `SCALAR;KEY` as scalar values in hexadecimal (at least four digits). The golden file that pins the policy is written
    /// from this by `scripts/write-golden-keys.sh`, never by a test run. O(scalars).
    public static func keyTable() -> String {
        func hex(_ text: String) -> String {
            text.unicodeScalars.map { scalar in
                let digits = String(scalar.value, radix: 16, uppercase: true)
                return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            }.joined(separator: " ")
        }
        var lines: [String] = ["# policy \(policyVersion): every scalar whose key is not itself"]
        for scalar in assignedScalars {
            let text = String(scalar)
            let key = Self.key(ofDisplay: Self.displayForm(of: text))
            if !key.utf8.elementsEqual(text.utf8) { lines.append("\(hex(text));\(hex(key))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
