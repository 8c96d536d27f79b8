// expect: 'AsyncHTTPClientTransport' is unavailable: AsyncHTTPClientTransport needs swift-mvvm's MVVMAsyncHTTPClient trait
import Foundation
import MVVMAsyncHTTPClient
import MVVMData

func client() -> APIClient { APIClient(baseURL: URL(string: "https://api.example.com")!, transport: AsyncHTTPClientTransport()) }
