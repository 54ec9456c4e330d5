import AlmanacCore
import Foundation

/// Writes a document as a folder of files (`almanac convert … -d DIR`), all or none:
/// every file is encoded and written to a temporary file first, and only when all of
/// them are ready are they renamed into place. The folder is created when missing. A file
/// that does not replace an existing one (``OutputFile/replacesExisting``) is left as it is.
struct SplitOutput {
    let folder: String

    func convert(_ plan: ConvertPlan, context: CommandContext, prepare: () throws -> (document: AlmanacDocument, options: EncodingOptions)?) throws -> ExitStatus {
        let codec = plan.outputCodec as! any SplitEncoding
        try FolderMaker.make(folder)
        let prepared: (document: AlmanacDocument, options: EncodingOptions)
        do {
            guard let ready = try prepare() else { return .dataError }
            prepared = ready
        } catch let stop as Conversion.Stop {
            return stop.status
        }
        let files: [OutputFile]
        do {
            files = try codec.encodeFiles(prepared.document, options: prepared.options)
        } catch let error as any CodecError {
            context.diagnostics.print(error.diagnostic(source: folder))
            return .dataError
        }
        var writers: [AtomicFileWriter] = []
        do {
            for file in files {
                guard Self.isSafe(file.relativePath) else {
                    context.console.error("\(folder): error: the \(codec.format.name) writer asked for the unsafe path '\(file.relativePath)'; nothing was written")
                    writers.forEach { $0.abort() }
                    return .cannotCreate
                }
                let path = folder.hasSuffix("/") ? folder + file.relativePath : folder + "/" + file.relativePath
                if !file.replacesExisting, FileManager.default.fileExists(atPath: path) { continue }
                if let slash = path.lastIndex(of: "/") { try FolderMaker.make(String(path[..<slash])) }
                let writer = try AtomicFileWriter(path: path)
                writers.append(writer)
                try writer.write(file.bytes)
                for diagnostic in file.diagnostics { context.diagnostics.print(diagnostic) }
            }
            for writer in writers { try writer.commit() }
        } catch {
            writers.forEach { $0.abort() }
            throw error
        }
        return .success
    }

    /// A relative path with no empty, `.` or `..` component.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
