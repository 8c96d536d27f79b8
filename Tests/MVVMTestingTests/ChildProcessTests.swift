#if os(Linux)
import Glibc
import MVVMTesting
import MVVMTestSupport
import Testing

/// The crash tests' children get standard input, output and error, and nothing else: a socket
/// the test process holds (a server's connection) must not stay open in a child.
@Suite(.timeLimit(.minutes(2)))
struct ChildProcessTests {
    @Test func aChildSeesNoDescriptorOfTheParentButItsOutput() throws {
        let held = open("/dev/null", O_RDONLY)   // not close-on-exec
        defer { close(held) }
        #expect(held > 2)
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "ls /proc/$$/fd"])
        #expect(child.waitForEnd() == .exited(0))
        let bytes = child.readToEnd()
        let descriptors = String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        #expect(descriptors.contains(1))
        #expect(!descriptors.contains(held), "the parent's descriptor \(held) reached the child: \(descriptors)")
    }

    @Test func aKilledChildSaysSo() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        #expect(child.isRunning)
        child.send(SIGKILL)
        #expect(child.waitForEnd() == .signalled(SIGKILL))
        #expect(!child.isRunning)
    }
}
#endif
