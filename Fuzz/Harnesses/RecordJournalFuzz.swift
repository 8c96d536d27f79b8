// Fuzz target `record-journal`: MVVMData's RecordJournalFormat.parse, which reads the records
// journal a FileRecordStorage finds on disk (cut, damaged or foreign files included).
//
// The input is the bytes after the header. Properties, from RecordJournalFormat's documentation
// and FileRecordStorageTests:
// - parse never traps, whatever the bytes;
// - every record it returns, encoded again, is the run of the input at the range it names
//   (nothing invented, and FileRecordStorage can read it back by that range);
// - the frames' sizes and the damaged bytes add up to the input's size;
// - the records, encoded one after the other, parse back to the same records with no damage;
// - the header readers never trap either.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = RecordJournalFormat.isNewerFormat(bytes[...])
    let parsed = RecordJournalFormat.parse(bytes[...])
    var encoded: [UInt8] = []
    var frameBytes = 0
    for (record, range) in parsed.frames {
        let frame = RecordJournalFormat.encode(record)
        invariant(Array(bytes[range]) == frame, "record \(record) is not the input at \(range)")
        invariant(RecordJournalFormat.fits(record), "a record read back does not fit a frame")
        encoded += frame
        frameBytes += range.count
    }
    invariant(frameBytes + parsed.damagedBytes == bytes.count, "\(frameBytes) frame bytes + \(parsed.damagedBytes) damaged != \(bytes.count)")
    let again = RecordJournalFormat.parse(encoded[...])
    invariant(again.frames.map(\.frame) == parsed.frames.map(\.frame) && again.damagedBytes == 0, "the records do not read back whole")
    return 0
}
