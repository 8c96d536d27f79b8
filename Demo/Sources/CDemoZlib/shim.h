// zlib, as the system provides it: Debian/Ubuntu's zlib1g-dev, the SDK on Apple platforms. The
// demo server's PNG encoder (deflate, crc32). The library's own CZlib (MVVMPNG) is not a product.
#include <zlib.h>
