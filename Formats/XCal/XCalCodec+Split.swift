import AlmanacCore
import AlmanacICalendarModel

extension XCalCodec: SplitEncoding {
    /// A folder of xCal files (`almanac convert … -d FOLDER -t xcal`): one `.xcs` file
    /// per UID, as a vdir holds `.ics` files (see ``CalendarResources``).
    public func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile] {
        let stamp = ICalendarStamp.resolve(options)
        let split = CalendarResources(document, stamp: stamp)
        var files = try split.resources.map { resource in
            var bytes = try Self.bytes(of: resource.calendar, compact: options.compact)
            if bytes.last != 0x0A { bytes.append(0x0A) }
            return OutputFile(relativePath: resource.name + ".xcs", bytes: bytes)
        }
        if !files.isEmpty { files[0].diagnostics = split.diagnostics }
        return files
    }
}
