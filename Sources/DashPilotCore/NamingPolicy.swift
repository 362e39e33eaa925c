/// A naming policy as a value: its version and how it makes a display form and a key. Today's is
/// `PickupPlaceName`'s; a store records the version its keys were made by, and re-keys its
/// places in a migration step when a new version ships.
public struct NamingPolicy: Sendable {
    /// The version a store records.
    public let version: Int
    /// The display form of a name, or the problem that refuses it.
    public let display: @Sendable (String) throws -> String
    /// The key of a display form.
    public let key: @Sendable (String) -> String

    /// Creates a policy.
    public init(version: Int, display: @escaping @Sendable (String) throws -> String, key: @escaping @Sendable (String) -> String) {
        self.version = version
        self.display = display
        self.key = key
    }

    /// Today's policy: `PickupPlaceName`'s.
    public static let current = NamingPolicy(
        version: PickupPlaceName.policyVersion, display: { try PickupPlaceName($0).display }, key: PickupPlaceName.key(ofDisplay:))
}
