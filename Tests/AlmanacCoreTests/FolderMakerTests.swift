import AlmanacCore
import Foundation
import Testing

@Suite struct FolderMakerTests {
    private func inTemporaryFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-folders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.path)
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    @Test func createsMissingParents() throws {
        try inTemporaryFolder { root in
            try FolderMaker.make(root + "/a/b/c")
            #expect(isFolder(root + "/a/b/c"))
        }
    }

    @Test func existingFoldersAreFine() throws {
        try inTemporaryFolder { root in
            try FolderMaker.make(root + "/a")
            try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/a/keep.txt"))
            try FolderMaker.make(root + "/a/")
            try FolderMaker.make(root + "//a//b")
            #expect(isFolder(root + "/a/b"))
            #expect(FileManager.default.fileExists(atPath: root + "/a/keep.txt"))
        }
    }

    @Test func aFileInTheWayThrowsCannotCreate() throws {
        try inTemporaryFolder { root in
            try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/file"))
            let error = try #require(throws: FileError.self) { try FolderMaker.make(root + "/file/sub") }
            guard case .cannotCreate(let path, _) = error else {
                Issue.record("expected cannotCreate, got \(error)")
                return
            }
            #expect(path == root + "/file")
            #expect(throws: FileError.self) { try FolderMaker.make(root + "/file") }
        }
    }
}
