import Foundation
import Hummingbird
import NIOCore

/// `GET /openapi.yaml`: the API described as an OpenAPI 3 document (`Resources/openapi.yaml`),
/// which CI checks the running server against with schemathesis.
enum OpenAPIDocument {
    /// The document's file name in `Resources/`.
    static let fileName = "openapi.yaml"

    /// The document's bytes.
    static func load() throws(DemoServerError) -> Data {
        let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Resources")
            ?? Bundle.module.url(forResource: "openapi", withExtension: "yaml")
        guard let url, let data = try? Data(contentsOf: url) else {
            throw .resourceMissing(fileName)
        }
        return data
    }

    /// Serves `document` at `/openapi.yaml` as `application/yaml`.
    static func register(_ document: Data, on router: Router<DemoRequestContext>) {
        let body = ByteBuffer(bytes: document)
        router.get("openapi.yaml") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
        }
    }
}
