import CZlib

/// zlib's inflate, bounded: decompresses a zlib stream into a buffer of exactly the size the
/// image needs, and stops as soon as the stream holds more (a decompression bomb) or ends
/// before the buffer is full.
enum Inflater {
    /// The bytes `parts` (one zlib stream, cut anywhere) decompress to, which must be exactly
    /// `size` bytes.
    ///
    /// - ``PNGError/imageDataTooLong``: the stream produces a byte beyond `size` (checked with a
    ///   one-byte buffer once the output is full, so a bomb is stopped after `size + 1` bytes of
    ///   output).
    /// - ``PNGError/imageDataTooShort``: the stream ends, or the parts end, first.
    /// - ``PNGError/badImageData``: the stream is invalid, or has bytes after its end.
    static func decompress(_ parts: [ArraySlice<UInt8>], size: Int) throws(PNGError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        var overflow: [UInt8] = [0]
        var produced = 0
        var ended = false

        // zlib keeps a pointer back to the z_stream and checks it on every call, so the
        // z_stream needs an address that does not change between calls: one allocation, freed
        // by the defer below. Only this function sees the pointer.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit_(stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .badImageData
        }
        defer { inflateEnd(stream) }

        for part in parts {
            var consumed = 0
            while consumed < part.count {
                // Input left after the end of the stream: not a valid zlib stream.
                guard !ended else { throw .badImageData }
                let intoOutput = produced < size
                let step = intoOutput
                    ? Self.step(stream, part, from: consumed, into: &output, at: produced)
                    : Self.step(stream, part, from: consumed, into: &overflow, at: 0)
                consumed += step.read
                if intoOutput {
                    produced += step.written
                } else if step.written > 0 {
                    throw .imageDataTooLong
                }
                switch step.status {
                case Z_STREAM_END:
                    guard produced == size else { throw .imageDataTooShort }
                    ended = true
                case Z_OK, Z_BUF_ERROR:
                    // Z_BUF_ERROR is "no progress possible"; with input and room left that
                    // never happens, and a call that did nothing would repeat for ever.
                    guard step.read > 0 || step.written > 0 else { throw .badImageData }
                default:
                    // Z_DATA_ERROR (an invalid stream or checksum), Z_NEED_DICT (PNG allows no
                    // preset dictionary), Z_MEM_ERROR.
                    throw .badImageData
                }
            }
        }
        guard ended else { throw .imageDataTooShort }
        return output
    }

    /// One inflate call from `input[consumed...]` into `output[start...]`: zlib's status, and
    /// how many bytes it read and wrote.
    private static func step(
        _ stream: UnsafeMutablePointer<z_stream>, _ input: ArraySlice<UInt8>, from consumed: Int,
        into output: inout [UInt8], at start: Int
    ) -> (status: Int32, read: Int, written: Int) {
        // The two pointers are set for this one inflate call and cleared before the closures
        // return: zlib keeps no pointer into either array between calls (its window is in its
        // own state). Both buffers are non-empty (the caller loops while input is left, and
        // `start < output.count`). Lengths are clamped to what `uInt` holds; the caller's loop
        // goes on with the rest.
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + consumed)
                stream.pointee.avail_in = uInt(clamping: input.count - consumed)
                stream.pointee.next_out = output.baseAddress! + start
                stream.pointee.avail_out = uInt(clamping: output.count - start)
                let availableIn = stream.pointee.avail_in, availableOut = stream.pointee.avail_out
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                let read = Int(availableIn - stream.pointee.avail_in)
                let written = Int(availableOut - stream.pointee.avail_out)
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
                return (status, read, written)
            }
        }
    }
}
