import AlmanacCore

/// Why the Cooklang writer refused a document.
public enum CooklangEncodingError: CodecError, Hashable {
    /// A Cooklang file holds one recipe; several go to a folder.
    case severalRecipes(Int)

    public var message: String {
        switch self {
        case .severalRecipes(let count):
            return "a Cooklang file holds one recipe, and the document has \(count): give -d <folder> for one .cook file per recipe"
        }
    }

    public var position: SourcePosition? { nil }
}
