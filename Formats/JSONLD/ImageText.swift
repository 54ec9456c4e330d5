import AlmanacCore
import AlmanacJSONKit

/// `image`: a URL, an `ImageObject` (its `url`, else its `contentUrl`), or a list of them.
enum ImageText {
    /// The image URLs of an `image` value.
    static func read(_ value: JSONValue, source: JSONLDSource) throws(JSONLDDecodingError) -> [String] {
        var urls: [String] = []
        for item in value.elements ?? [value] {
            switch item.kind {
            case .string(let url):
                let trimmed = url.trimmingSpaces()
                if !trimmed.isEmpty { urls.append(trimmed) }
            case .object:
                for key in ["url", "contentUrl"] {
                    guard let url = item[key] else { continue }
                    urls += try read(url, source: source)
                    break
                }
            case .null:
                continue
            default:
                throw .typeMismatch(field: "image", expected: "a URL, an ImageObject or a list of them", found: item.typeName, at: source.position(of: item))
            }
        }
        return urls
    }

    /// The `image` value for `urls`: one URL as text, several as a list; `nil` for none.
    static func json(_ urls: [String]) -> OpaqueValue? {
        switch urls.count {
        case 0: return nil
        case 1: return .string(urls[0])
        default: return .array(urls.map(OpaqueValue.string))
        }
    }
}
