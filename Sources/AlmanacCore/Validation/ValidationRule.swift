/// A check over a document, with a stable id, like `title-required`.
///
/// Rules are plugins like codecs: a type per rule, one file each under `Rules/`,
/// listed once in ``RuleRegistry/builtin``. A rule reports ``Finding``s; the
/// ``Validator`` turns them into diagnostics with the configured severity.
public protocol ValidationRule: Sendable {
    /// The stable id users name in `--disable`, `--warn` and `--error`.
    var id: String { get }
    /// The severity when the user does not change it.
    var defaultSeverity: Diagnostic.Severity { get }
    /// One line for `almanac rules`.
    var summary: String { get }

    /// The problems in `items`, in their order.
    func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding]
}

/// One problem a rule found in one item.
public struct Finding: Hashable, Sendable {
    /// Which item (its index in the checked list).
    public var itemIndex: Int
    /// What is wrong, without the item's name (the validator adds it).
    public var message: String
    /// A lower severity than the rule's for this finding (blank task text is only a warning).
    public var isMinor: Bool

    public init(itemIndex: Int, message: String, isMinor: Bool = false) {
        self.itemIndex = itemIndex
        self.message = message
        self.isMinor = isMinor
    }
}
