import AlmanacCore
import Foundation

/// Writes a document as a folder of files (`almanac convert … -d DIR`), all or none:
/// every file is encoded and written to a temporary file first, and only when all of
/// them are ready are they renamed into place. The folder is created when missing. A file
/// that does not replace an existing one (``OutputFile/replacesExisting``) is left as it is.
package struct SplitOutput {
    /// The folder the files go into.
    package let folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// Writes `document` with `codec`; the writer's warnings go to `report`.
    func write(_ document: AlmanacDocument, with codec: any SplitEncoding, options: EncodingOptions, report: DiagnosticHandler) throws {
        let files: [OutputFile]
        do {
            files = try codec.encodeFiles(document, options: options)
        } catch let error as any CodecError {
            throw AlmanacError(error, source: folder)
        }
        var writers: [AtomicFileWriter] = []
        do {
            for file in files {
                guard Self.isSafe(file.relativePath) else {
                    throw AlmanacError(.cannotCreate, diagnostics: [Diagnostic(.error, "the \(codec.format.name) writer asked for the unsafe path '\(file.relativePath)'; nothing was written", source: folder)])
                }
                let path = folder.hasSuffix("/") ? folder + file.relativePath : folder + "/" + file.relativePath
                if !file.replacesExisting, FileManager.default.fileExists(atPath: path) { continue }
                if let slash = path.lastIndex(of: "/") { try FolderMaker.make(String(path[..<slash])) }
                let writer = try AtomicFileWriter(path: path)
                writers.append(writer)
                try writer.write(file.bytes)
                for diagnostic in file.diagnostics { report(diagnostic, .quoting()) }
            }
            for writer in writers { try writer.commit() }
        } catch {
            writers.forEach { $0.abort() }
            throw error
        }
    }

    /// A relative path with no empty, `.` or `..` component.
    package static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
