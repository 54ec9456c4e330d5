import AlmanacCore
import AlmanacICalendarModel

extension JCalCodec: SplitEncoding {
    /// A folder of jCal files (`almanac convert … -d FOLDER -t jcal`): one `.jcal` file
    /// per UID, as a vdir holds `.ics` files (see ``CalendarResources``).
    public func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile] {
        let split = CalendarResources(document, stamp: ICalendarStamp.resolve(options))
        var files = split.resources.map { resource in
            var bytes = Self.bytes(of: resource.calendar, compact: options.compact)
            if bytes.last != 0x0A { bytes.append(0x0A) }
            return OutputFile(relativePath: resource.name + ".jcal", bytes: bytes)
        }
        if !files.isEmpty { files[0].diagnostics = split.diagnostics }
        return files
    }
}
