import AlmanacCore
import AlmanacICalendarModel

extension JCalCodec: InputGroupDecoding {
    /// Reads several jCal inputs as one calendar (the files of a calendar folder): a
    /// VTODO whose parent VEVENT is in another input is its task, whatever the order.
    public func decode(inputs: [DecodeInput], limits: ReaderLimits) throws -> [DecodeResult] {
        let maximumDepth = limits.depth(default: Self.defaultMaximumDepth)
        var warnings: [Diagnostic] = []
        let trees = try inputs.enumerated().map { number, input in
            do {
                let read = try read(input.bytes, source: input.source, maximumDepth: maximumDepth)
                warnings += read.warnings
                return (source: input.source, calendars: read.calendars)
            } catch let error as any CodecError {
                throw InputGroupError(input: number, error: error)
            }
        }
        return EventMapper.results(of: trees, warnings: warnings, options: options)
    }
}
