import Hummingbird
import NIOCore

/// What the `malformed` fault answers: `200 OK` with the content type the route would send and a
/// body that is not what that type promises.
enum MalformedBody {
    /// For the JSON routes: a body that starts like a user list and is not valid JSON.
    static let json = #"{"items": [ {"id": 1,,}"#

    /// For the avatar route: a body that starts like a PNG (the signature and a 64×64 `IHDR`
    /// chunk) and is not one: the `IHDR` CRC is wrong (every bit of the right one flipped) and
    /// there is neither `IDAT` nor `IEND`. A decoder that checks CRCs refuses it at once; one
    /// that does not still finds no pixels.
    static let png: [UInt8] = {
        var bytes = PNGEncoder.signature + PNGChunk(type: "IHDR", data: PNGEncoder.header(width: 64, height: 64)).bytes
        for index in bytes.indices.suffix(4) { bytes[index] ^= 0xFF }
        return bytes
    }()

    /// The malformed answer for a request to `path`: ``png`` as `image/png` on the avatar route,
    /// ``json`` as `application/json` everywhere else.
    static func response(forPath path: String) -> Response {
        guard AvatarRoutes.route.matches(path: path) else { return JSONResponse.bytes(json.utf8) }
        var headers = HTTPFields()
        headers[.contentType] = AvatarResponse.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }
}
