import AlmanacCore
import AlmanacJSONKit
import AlmanacJSONKit

/// Limits and leniencies of the JSON readers.
public struct JSONDecodingOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error,
    /// not a stack overflow.
    public var maximumDepth: Int

    public init(maximumDepth: Int = 256) {
        self.maximumDepth = maximumDepth
    }

    /// These options with the depth `limits` sets, if it sets one.
    public func applying(_ limits: ReaderLimits) -> JSONDecodingOptions {
        JSONDecodingOptions(maximumDepth: limits.depth(default: maximumDepth))
    }
}

extension JSONDecodingOptions {
    /// The bytes of `map` parsed within these limits (duplicate keys refused): one whole
    /// document, or with `depth`, one value cut out of a larger input (``JSONStreamReader``)
    /// that sits `depth` containers deep in it. Errors are placed in the whole input.
    func parse(_ map: JSONSourceMap, depth: Int? = nil) throws(JSONDecodingError) -> JSONValue {
        var reader = JSONReader(map.bytes, maximumDepth: maximumDepth, depth: depth ?? 0, duplicates: .refuse)
        do throws(JSONSyntaxError) {
            return depth == nil ? try reader.parseDocument() : try reader.parseElement()
        } catch {
            throw JSONDecodingError(error, in: map)
        }
    }
}
