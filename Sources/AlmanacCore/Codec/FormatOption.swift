/// An option a codec's writer understands, offered by `almanac convert` as
/// `--NAME` (a flag) or `--NAME VALUE`, and passed in ``EncodingOptions/settings``
/// under `NAME` (`"true"` for a flag).
public struct FormatOption: Hashable, Sendable {
    /// The option's name without dashes, such as `front-matter`.
    public var name: String
    /// The value's placeholder, such as `<date>`; `nil` for a flag.
    public var valueName: String?
    /// One line for `almanac convert --help`.
    public var help: String

    public init(name: String, valueName: String? = nil, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }
}
