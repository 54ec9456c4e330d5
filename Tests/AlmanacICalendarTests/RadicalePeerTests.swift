import AlmanacTestSupport
import Foundation
import Testing

/// The real CalDAV server Radicale (pinned in `Tests/peers-requirements.txt`) serves a
/// vdir almanac writes: Radicale keeps a collection as a folder of one-UID `.ics` files,
/// so the written folder becomes a collection as it is, and `GET` of the collection
/// (through Radicale's WSGI application, in process: no port, no server to wait for)
/// gives every item. Radicale passes over a file that breaks CalDAV's one-UID rule,
/// which the single-file export shows. Skipped when Radicale is absent, unless
/// `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Peer: Radicale serves a vdir", .enabled(if: Peers.shouldRun(pythonModule: "radicale") && TestPaths.hasAlmanacBinary))
struct RadicalePeerTests {
    /// `GET /user/cal/` of the storage folder given as the argument; prints the body.
    static let script = #"""
        import base64, io, sys
        from radicale import Application, config

        configuration = config.load()
        configuration.update({"storage": {"filesystem_folder": sys.argv[1]}, "auth": {"type": "none"},
                              "logging": {"level": "warning"}}, "almanac test", privileged=True)
        app = Application(configuration)
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/user/cal/", "SCRIPT_NAME": "",
                   "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "wsgi.url_scheme": "http",
                   "wsgi.input": io.BytesIO(b""), "CONTENT_LENGTH": "0", "wsgi.errors": sys.stderr,
                   "HTTP_AUTHORIZATION": "Basic " + base64.b64encode(b"user:test").decode()}
        status = []
        body = b"".join(app(environ, lambda s, headers, info=None: status.append(s)))
        if not status or not status[0].startswith("200"):
            sys.exit("GET failed: %r" % status)
        sys.stdout.buffer.write(body)
        """#

    /// Makes `files` Radicale's collection `user/cal` and returns what it serves and logs.
    static func serve(_ files: [String], in folder: URL) throws -> ProcessRunner.Result {
        let collection = folder.appendingPathComponent("storage/collection-root/user/cal")
        try FileManager.default.createDirectory(at: collection, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(atPath: file, toPath: collection.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path)
        }
        try Data(#"{"tag": "VCALENDAR"}"#.utf8).write(to: collection.appendingPathComponent(".Radicale.props"))
        let python = try #require(Peers.python, "no python with Radicale: see Tests/peers-requirements.txt")
        return try ProcessRunner.run(python, ["-c", Self.script, folder.appendingPathComponent("storage").path], timeout: 60)
    }

    @Test("Radicale serves every file of the sample's vdir, and what it serves reads back to the sample")
    func servesTheVdir() throws {
        let (vdir, files) = try VdirTests.writeSampleVdir()
        let folder = vdir.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = try Self.serve(files, in: folder)
        try #require(served.status == 0, "\(served.stderrText)")
        #expect(!served.stderrText.contains("broken item"), "\(served.stderrText)")
        let back = try ProcessRunner.almanac(["convert", "-f", "ics", "-t", "json"], stdin: served.stdout)
        #expect(back.status == 0, "\(back.stderrText)")
        #expect(try VdirTests.events(back.stdout) == VdirTests.sampleEvents())
    }

    @Test("Radicale passes over a file with several UIDs: the single-file export is no collection item")
    func refusesSeveralUIDs() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = try Self.serve([TestPaths.sample("events.ics").path], in: folder)
        try #require(served.status == 0, "\(served.stderrText)")
        #expect(served.stderrText.contains("Skip broken item 'events.ics'"), "\(served.stderrText)")
        #expect(!served.stdoutText.contains("BEGIN:VEVENT"))
    }
}
