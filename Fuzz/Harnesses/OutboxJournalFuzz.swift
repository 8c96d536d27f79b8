// Fuzz target `outbox-journal`: MVVMData's OutboxJournalFormat.parse, which reads the outbox
// journal a FileOutboxStorage finds on disk (cut, damaged or foreign files included).
//
// The input is the bytes after the header. Properties, from OutboxJournalFormat's documentation
// and FileOutboxStorageTests:
// - parse never traps, whatever the bytes;
// - every frame it returns is, encoded again, a run of bytes of the input (nothing invented);
// - the frames' sizes and the damaged bytes add up to the input's size (every byte is either in
//   a whole frame or reported as damage);
// - the frames, encoded one after the other, parse back to the same frames with no damage;
// - the header reader never traps either.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = OutboxJournalFormat.startsWithHeader(bytes[...])
    let parsed = OutboxJournalFormat.parse(bytes[...])
    var encoded: [UInt8] = []
    for frame in parsed.frames {
        let frameBytes = OutboxJournalFormat.encode(frame)
        invariant(containsRun(bytes, frameBytes), "frame \(frame) is not in the input")
        if case .write(let record) = frame {
            invariant(frameBytes.count == OutboxJournalFormat.frameSize(of: record), "frameSize disagrees with encode")
        }
        encoded += frameBytes
    }
    invariant(encoded.count + parsed.damagedBytes == bytes.count, "\(encoded.count) frame bytes + \(parsed.damagedBytes) damaged != \(bytes.count)")
    let again = OutboxJournalFormat.parse(encoded[...])
    invariant(again.frames == parsed.frames && again.damagedBytes == 0, "the frames do not read back whole")
    return 0
}
