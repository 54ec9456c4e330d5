import AlmanacCore

/// A folder given as an input, such as a vdir (one `.ics` file per calendar object, as
/// CalDAV servers, vdirsyncer and khal keep a calendar): its files, each read by its
/// extension (or only those of `-f`'s format when it is given). The files of each format
/// come together, formats in the registry's order and names sorted by their bytes, so
/// that a calendar's files are read as one. Hidden files (`.Radicale.props`) are passed
/// over; other files almanac cannot read (vdirsyncer's `color` and `displayname`) and
/// folders inside are passed over with a note. A folder with nothing to read is an error.
enum FolderInput {
    /// The inputs of `folder`, and the note about what was passed over (or `nil`).
    static func inputs(of folder: String, forced: (any FormatCodec)?, registry: FormatRegistry) throws -> (inputs: [ConversionInput], note: String?) {
        var found: [(rank: Int, input: ConversionInput)] = []
        var skipped: [String] = []
        // What each extension reads, asked of the registry once: a codec's `format` is made
        // anew each time it is asked for.
        var byExtension: [String: (codec: any FormatCodec, rank: Int)?] = [:]
        for entry in try FolderListing.entries(of: folder) where !entry.name.hasPrefix(".") {
            let path = FolderListing.join(folder, entry.name)
            let fileExtension = entry.isFolder ? nil : FormatRegistry.fileExtension(of: entry.name)
            if let fileExtension, byExtension.index(forKey: fileExtension) == nil {
                byExtension.updateValue(reader(of: path, forced: forced, registry: registry), forKey: fileExtension)
            }
            guard let fileExtension, let (codec, rank) = byExtension[fileExtension] ?? nil else {
                skipped.append(entry.isFolder ? entry.name + "/" : entry.name)
                continue
            }
            found.append((rank, ConversionInput(path: path, codec: codec)))
        }
        let what = forced.map { "no \($0.format.name) file" } ?? "no file almanac reads"
        let passed = skipped.isEmpty ? "" : " (passed over: \(listed(skipped)))"
        guard !found.isEmpty else {
            throw FileError.unreadable(path: folder, reason: "the folder holds \(what)\(passed)")
        }
        // A stable sort: names stay sorted within each format.
        let inputs = found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.input)
        let note = skipped.isEmpty ? nil : "\(folder): note: \(skipped.count) entr\(skipped.count == 1 ? "y" : "ies") not read (no format almanac reads by that extension, or a folder): \(listed(skipped))"
        return (inputs, note)
    }

    /// The codec that reads `path` by its extension and its rank in the registry, or `nil` when
    /// none reads it (or not the `forced` one).
    private static func reader(of path: String, forced: (any FormatCodec)?, registry: FormatRegistry) -> (codec: any FormatCodec, rank: Int)? {
        guard let codec = registry.codec(forPath: path) else { return nil }
        let format = codec.format
        guard !format.reads.isEmpty, forced == nil || forced!.format.name == format.name else { return nil }
        return (codec, registry.codecs.firstIndex { $0.format.name == format.name } ?? 0)
    }

    /// The first names, and how many more.
    private static func listed(_ names: [String]) -> String {
        let shown = names.prefix(5).joined(separator: ", ")
        return names.count > 5 ? "\(shown) and \(names.count - 5) more" : shown
    }
}
