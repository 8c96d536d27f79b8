import Foundation
import Hummingbird
import NIOCore

/// `GET /openapi.yaml`: the API described as an OpenAPI 3 document (`Resources/openapi.yaml`),
/// which CI checks the running server against with schemathesis.
enum OpenAPIDocument {
    /// The document's bytes, from `Resources/openapi.yaml`.
    static func load() throws(DemoServerError) -> Data {
        try BundledResource.data(named: "openapi", withExtension: "yaml")
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
