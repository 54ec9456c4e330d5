import AlmanacCore
import AlmanacICalendarModel

extension ICalendarCodec: SplitEncoding {
    /// A vdir (`almanac convert … -d FOLDER -t ics`): one `.ics` file per UID, each a
    /// complete VCALENDAR (see ``CalendarResources``), named by ``ResourceName``.
    public func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile] {
        let split = CalendarResources(document, stamp: ICalendarStamp.resolve(options))
        var files = split.resources.map { OutputFile(relativePath: $0.name + ".ics", bytes: Self.bytes(of: $0.calendar)) }
        if !files.isEmpty { files[0].diagnostics = split.diagnostics }
        return files
    }
}
