import AlmanacCore
import CLibXML2

/// What libxml2 reported while reading: filled in by the structured error handlers,
/// which receive it as their context pointer.
final class XMLErrorCollector {
    struct Report {
        var message: String
        /// libxml2's error code (`xmlParserErrors`).
        var code: Int32 = 0
        var line: Int
        var column: Int
        /// Whether libxml2 was reading an entity's replacement text, where it counts lines
        /// from the entity's start: the reader's position says where the document is.
        var insideEntity = false
        /// Where libxml2 was when the document ended: before the root element, inside it, or after it.
        var documentState: DocumentState = .unknown
    }

    enum DocumentState {
        case unknown, beforeRoot, insideRoot, afterRoot
    }

    /// The first error (level error or fatal); reading stops there.
    var firstError: Report?
    /// Warnings, in order.
    var warnings: [Report] = []

    /// Records an error almanac itself raises while libxml2 parses (limits libxml2's tree
    /// builder would enforce), unless an error came first.
    func recordError(_ message: String, line: Int, column: Int) {
        if firstError == nil { firstError = Report(message: message, line: line, column: column, documentState: .insideRoot) }
    }

    /// `report` as an ``XMLReadError`` over `sourceMap`. Where libxml2 gave no line, or a
    /// line inside an entity's text, `parserLine` and `parserColumn` (where the parser is
    /// in the document) stand in.
    static func readError(_ report: Report, parserLine: Int, parserColumn: Int, sourceMap: XMLSourceMap) -> XMLReadError {
        var message = report.message
        // libxml2's push parser says "Extra content at the end of the document" for an
        // input that ends early, too: say what happened.
        if report.code == Int32(XML_ERR_DOCUMENT_END.rawValue) || report.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) {
            switch report.documentState {
            case .beforeRoot: message = "the document is empty: it has no root element"
            case .insideRoot: message = "the input ends before every element is closed"
            case .afterRoot, .unknown: break
            }
        }
        var line = report.line
        var column = report.column
        if line <= 0 || report.insideEntity {
            line = parserLine
            column = parserColumn
        }
        return .malformed(message, at: sourceMap.position(line: max(line, 1), column: max(column, 1)))
    }

    func record(_ error: UnsafePointer<xmlError>) {
        let entry = error.pointee
        let message = entry.message.map { String(cString: $0) }?.trimmingXMLWhitespace() ?? "error \(entry.code)"
        var report = Report(message: message, code: entry.code, line: Int(entry.line), column: Int(entry.int2))
        if let context = entry.ctxt {
            // An entity is read on a stack of inputs, or (to check it) by a nested context.
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee
            report.insideEntity = parser.inputNr > 1 || parser.depth > 0
            switch parser.instate.rawValue {
            case XML_PARSER_START.rawValue, XML_PARSER_MISC.rawValue, XML_PARSER_PROLOG.rawValue: report.documentState = .beforeRoot
            case XML_PARSER_EPILOG.rawValue, XML_PARSER_EOF.rawValue: report.documentState = .afterRoot
            default: report.documentState = .insideRoot
            }
        }
        if entry.level.rawValue >= XML_ERR_ERROR.rawValue {
            if firstError == nil { firstError = report }
        } else if warnings.count < 100 {
            warnings.append(report)
        }
    }
}

extension XMLErrorCollector {
    /// A new collector, installed as libxml2's structured error handler, with libxml2's
    /// generic error output silenced: pair it with ``uninstall()`` in a `defer`, and keep the
    /// collector alive until then (`withExtendedLifetime`).
    static func install() -> XMLErrorCollector {
        let collector = XMLErrorCollector()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), collectXMLError)
        almanac_xml_silence_generic_errors()
        return collector
    }

    /// Takes away what ``install()`` set.
    static func uninstall() {
        xmlSetStructuredErrorFunc(nil, nil)
        almanac_xml_restore_generic_errors()
    }
}

/// The structured error handler handed to libxml2: files each report with the collector
/// its context pointer names.
let collectXMLError: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    Unmanaged<XMLErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error)
}
