import AlmanacCore
import AlmanacICalendarModel

extension JCalCodec: InputGroupDecoding {
    /// Reads several jCal inputs as one calendar (the files of a calendar folder): a
    /// VTODO whose parent VEVENT is in another input is its task, whatever the order.
    public func decode(inputs: [DecodeInput], limits: ReaderLimits) throws -> [DecodeResult] {
        let maximumDepth = limits.depth(default: Self.defaultMaximumDepth)
        return try EventMapper.results(of: inputs, options: options) { input in
            try read(input.bytes, source: input.source, maximumDepth: maximumDepth)
        }
    }
}
