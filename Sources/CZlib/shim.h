// zlib, as the system provides it: Debian/Ubuntu's zlib1g-dev, the SDK on Apple platforms.
#include <zlib.h>
