/// The list of codecs the CLI and library users choose from, by name, alias or file extension.
public struct FormatRegistry: Sendable {
    /// The codecs, in the order `almanac formats` lists them.
    public let codecs: [any FormatCodec]

    /// A registry of `codecs`. Names, aliases and extensions must not clash.
    public init(_ codecs: [any FormatCodec]) {
        var seenNames: Set<String> = []
        var seenExtensions: Set<String> = []
        for codec in codecs {
            for name in [codec.format.name] + codec.format.aliases {
                precondition(seenNames.insert(name).inserted, "format name \(name) is registered twice")
            }
            for fileExtension in codec.format.extensions {
                precondition(seenExtensions.insert(fileExtension).inserted, "extension .\(fileExtension) is registered twice")
            }
        }
        self.codecs = codecs
    }

    /// The codec with this name or alias (case-insensitive).
    public func codec(named name: String) -> (any FormatCodec)? {
        codecs.first { $0.format.isNamed(name) }
    }

    /// The codec that claims the extension of `path` (case-insensitive), or `nil`.
    public func codec(forPath path: String) -> (any FormatCodec)? {
        guard let fileExtension = Self.fileExtension(of: path) else { return nil }
        return codecs.first { $0.format.extensions.contains(fileExtension) }
    }

    /// The lower-cased extension of the last path component, without the dot.
    public static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let fileExtension = name[name.index(after: dot)...]
        return fileExtension.isEmpty ? nil : fileExtension.lowercased()
    }
}
