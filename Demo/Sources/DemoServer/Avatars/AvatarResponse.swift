import Hummingbird
import NIOCore

/// The avatar route's answer: the PNG with headers a cache can rely on, or `304 Not Modified`
/// when the client already has it.
struct AvatarResponse: Sendable {
    /// The `Content-Type` of an avatar.
    static let contentType = "image/png"
    /// How long, and by whom, an avatar may be cached: a day, by anyone. An avatar never changes
    /// for an id (only a new server version might draw it differently, and then its tag changes).
    static let cacheControl = "public, max-age=86400"

    /// The PNG file.
    let png: [UInt8]
    /// The quoted strong entity tag, such as `"avatar-17-1a2b3c4d"`: the user id and the CRC-32
    /// of the PNG, so it changes whenever the bytes do (a new drawing, another zlib).
    let entityTag: String

    /// The answer for the user `userID` whose avatar is `png`.
    init(png: [UInt8], userID: Int) {
        self.png = png
        entityTag = "\"avatar-\(userID)-\(EntityTag.checksum(png))\""
    }

    /// 200 with the PNG (`Content-Type`, `Content-Length`), or 304 with no body when
    /// `request`'s `If-None-Match` matches ``entityTag``. Both carry `ETag` and `Cache-Control`.
    func response(to request: Request) -> Response {
        var headers = HTTPFields()
        headers[.eTag] = entityTag
        headers[.cacheControl] = Self.cacheControl
        if let notModified = EntityTag.notModified(request, tag: entityTag, headers: headers) { return notModified }
        headers[.contentType] = Self.contentType
        headers[.contentLength] = String(png.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }
}
