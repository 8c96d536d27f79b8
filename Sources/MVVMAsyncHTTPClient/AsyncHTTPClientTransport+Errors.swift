// Compiled only with the package's `MVVMAsyncHTTPClient` trait on (Package.swift): without it this
// product has only WithoutTheTrait.swift, and its dependency is never resolved.
#if MVVMAsyncHTTPClient
import AsyncHTTPClient
import MVVMData
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AsyncHTTPClientTransport {
    /// What an AsyncHTTPClient or SwiftNIO error means for the caller.
    static func transportError(for error: any Error, maximumBodyBytes: Int) -> TransportError {
        switch error {
        case is CancellationError:
            return .cancelled
        case is NIOTooManyBytesError:
            return .other("the response body is larger than \(maximumBodyBytes) bytes")
        case let error as HTTPClientError:
            return transportError(for: error)
        case let error as NIOConnectionError:
            // Every address failed: no address at all means the name did not resolve.
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return .cannotFindHost(error.host)
            }
            return .cannotConnect(String(describing: error))
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED, ENETUNREACH, EHOSTUNREACH: return .cannotConnect(String(describing: error))
            case ECONNRESET, EPIPE: return .connectionLost
            case ETIMEDOUT: return .timedOut
            default: return .other(String(describing: error))
            }
        case let error as ChannelError:
            if case .connectTimeout = error { return .timedOut }
            return .connectionLost
        case is HTTPParserError:
            // A response that is not HTTP: as URLSession's `.cannotParseResponse`.
            return .connectionLost
        default:
            return .other(String(describing: error))
        }
    }

    private static func transportError(for error: HTTPClientError) -> TransportError {
        switch error {
        case .cancelled, .requestStreamCancelled:
            return .cancelled
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
             .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return .timedOut
        case .remoteConnectionClosed, .bodyLengthMismatch, .contentLengthMissing:
            return .connectionLost
        default:
            return .other(String(describing: error))
        }
    }
}
#endif  // MVVMAsyncHTTPClient
