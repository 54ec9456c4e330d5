import AlmanacCore
import AlmanacICalendarModel

extension ICalendarCodec: InputGroupDecoding {
    /// Reads several inputs as one calendar, as their concatenation would read (the
    /// files of a calendar folder, one object each): a VTODO whose parent VEVENT is in
    /// another input is its task, whatever the order of the inputs. The two passes of
    /// ``decode(_:source:limits:)`` run over all the inputs in turn; each input keeps its
    /// own structure (an input that does not close its components is an error about it)
    /// and its own name in diagnostics.
    public func decode(inputs: [DecodeInput], limits: ReaderLimits) throws -> [DecodeResult] {
        let options = self.options.applying(limits)
        let outline = Self.outline { scanner in
            for input in inputs {
                scanner.startInput()
                input.bytes.withUnsafeBufferPointer { buffer in
                    var lines = ContentLineReader(buffer)
                    scanner.scan(&lines)
                }
            }
        }.outline
        var collector = InputGroupCollector(sources: inputs.map(\.source))
        var sequence = ItemSequenceMapper(source: inputs.first?.source ?? "", options: mappingOptions, outline: outline)
        var calendars: [[ICalComponent]] = []
        for (number, input) in inputs.enumerated() {
            sequence.source = input.source
            var parser = ComponentTreeParser(options: options, source: input.source)
            do {
                try input.bytes.withUnsafeBufferPointer { buffer in
                    var reader = ContentLineReader(buffer)
                    while try reader.nextLine({ line, number, offset in
                        try parser.take(line, number: number, offset: offset) { item in sequence.map(item, emitPlaced: { collector.add($0, from: $1, at: $2) }) }
                    }) != nil {}
                    calendars.append(try parser.finish())
                }
            } catch let error as any CodecError {
                throw InputGroupError(input: number, error: error)
            }
            collector.add(parser.diagnostics)
        }
        sequence.finish(emitPlaced: { collector.add($0, from: $1, at: $2) })
        collector.add(sequence.diagnostics)
        return collector.results(extras: EventMapper.documentExtras(of: calendars, mapping: sequence))
    }
}
