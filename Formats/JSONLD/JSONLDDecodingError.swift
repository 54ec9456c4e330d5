import AlmanacCore

/// Why a schema.org Recipe JSON-LD input (or a saved page's JSON-LD) could not be read.
/// Every case but ``inputTooLarge(byteCount:)`` says where: the line and column in the
/// file that was read (for a page, in the page).
public enum JSONLDDecodingError: CodecError, Hashable {
    /// The bytes are not JSON (`reason` says what was expected).
    case invalidJSON(String, at: SourcePosition)
    /// Arrays and objects nest deeper than the reader allows.
    case tooDeep(limit: Int, at: SourcePosition)
    /// Nothing in the input has `"@type": "Recipe"`.
    case noRecipe(at: SourcePosition)
    /// A saved page without any `<script type="application/ld+json">` block or Microdata item.
    case noStructuredData(at: SourcePosition)
    /// A Recipe property with a value of the wrong JSON type, such as a number for `name`.
    case typeMismatch(field: String, expected: String, found: String, at: SourcePosition)
    /// A property every Recipe needs is absent (`name`).
    case missingField(String, at: SourcePosition)
    /// A page whose Microdata properties nest inside each other so that their texts,
    /// each holding the next, come to more than four times the page.
    case microdataTooLarge(at: SourcePosition)
    /// The page is larger than libxml2 can read in one piece.
    case inputTooLarge(byteCount: Int)

    public var message: String {
        switch self {
        case .invalidJSON(let reason, _): return "not JSON: \(reason)"
        case .tooDeep(let limit, _): return "arrays and objects nest deeper than \(limit) levels"
        case .noRecipe:
            return "no schema.org Recipe: expected an object with \"@type\": \"Recipe\" at the top level, in a list or in \"@graph\""
        case .noStructuredData:
            return "the page has no <script type=\"application/ld+json\"> block and no schema.org Microdata, so no Recipe to read"
        case .microdataTooLarge:
            return "the page's Microdata properties nest inside each other too deeply: their texts come to more than four times the page"
        case .typeMismatch(let field, let expected, let found, _): return "Recipe '\(field)' must be \(expected), found \(found)"
        case .missingField(let field, _): return "the Recipe has no '\(field)'"
        case .inputTooLarge(let byteCount): return "the page is too large to read (\(byteCount) bytes)"
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .invalidJSON(_, let at), .tooDeep(_, let at), .noRecipe(let at), .noStructuredData(let at),
             .typeMismatch(_, _, _, let at), .missingField(_, let at), .microdataTooLarge(let at):
            return at
        case .inputTooLarge:
            return nil
        }
    }
}

extension JSONLDDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
        return nil
    }
}
