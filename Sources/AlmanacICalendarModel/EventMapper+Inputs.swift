import AlmanacCore

extension EventMapper {
    /// Several inputs of a syntax read as a whole tree (jCal, xCal) as one calendar, each
    /// read by `read`; a reader's error is thrown as an ``InputGroupError`` naming its input.
    public static func results(
        of inputs: [DecodeInput], options: ICalendarMappingOptions,
        read: (DecodeInput) throws -> (calendars: [ICalComponent], warnings: [Diagnostic])
    ) throws -> [DecodeResult] {
        var warnings: [Diagnostic] = []
        let trees = try inputs.enumerated().map { number, input in
            do {
                let read = try read(input)
                warnings += read.warnings
                return (source: input.source, calendars: read.calendars)
            } catch let error as any CodecError {
                throw InputGroupError(input: number, error: error)
            }
        }
        return results(of: trees, warnings: warnings, options: options)
    }

    /// The documents of several inputs' VCALENDAR trees read as one calendar (jCal and
    /// xCal files of a calendar folder): a VTODO in one input belongs to its parent
    /// VEVENT in any other, whatever their order. One result per input, as
    /// ``InputGroupCollector`` sorts them; `warnings` are the inputs' own.
    public static func results(of inputs: [(source: String, calendars: [ICalComponent])], warnings: [Diagnostic] = [], options: ICalendarMappingOptions = ICalendarMappingOptions()) -> [DecodeResult] {
        let calendars = inputs.flatMap(\.calendars)
        var collector = InputGroupCollector(sources: inputs.map(\.source))
        var sequence = ItemSequenceMapper(source: inputs.first?.source ?? "", options: options, outline: ICalendarOutline(calendars: calendars))
        for input in inputs {
            sequence.source = input.source
            for calendar in input.calendars {
                for child in calendar.children where ICalendarOutline.isItem(child.name) {
                    sequence.map(child, emitPlaced: { collector.add($0, from: $1, at: $2) })
                }
            }
        }
        sequence.finish(emitPlaced: { collector.add($0, from: $1, at: $2) })
        collector.add(warnings + sequence.diagnostics)
        return collector.results(extras: documentExtras(of: inputs.map(\.calendars), mapping: sequence))
    }

    /// The document extras of a group of inputs read as one: each calendar property
    /// from the first input that has one of its name (as when inputs are read one by
    /// one: the first input's `X-WR-CALNAME` wins), and the kept components of all.
    public static func documentExtras(of inputs: [[ICalComponent]], mapping sequence: ItemSequenceMapper) -> Extras {
        var merged = ICalendarExtras()
        var names: Set<String> = []
        for calendars in inputs {
            let own = ICalendarExtras(documentExtras(of: calendars, mapping: sequence))
            let fresh = own.properties.filter { !names.contains(ICalendarTreeBuilder.name(of: $0)) }
            names.formUnion(own.properties.map(ICalendarTreeBuilder.name(of:)))
            merged.properties += fresh
            merged.components += own.components.filter { !merged.components.contains($0) }
        }
        return merged.stored(in: Extras())
    }
}
