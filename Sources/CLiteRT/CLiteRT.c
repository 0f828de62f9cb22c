// Compile-time checks that our declarations match the layouts LiteRT's headers assert.
#include "CLiteRT.h"
#include <assert.h>

#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
static_assert(sizeof(LiteRtLayout) == 68, "LiteRtLayout size");
static_assert(offsetof(LiteRtLayout, dimensions) == 4, "LiteRtLayout.dimensions offset");
static_assert(offsetof(LiteRtLayout, strides) == 36, "LiteRtLayout.strides offset");
static_assert(sizeof(LiteRtRankedTensorType) == 72, "LiteRtRankedTensorType size");
static_assert(offsetof(LiteRtRankedTensorType, layout) == 4, "LiteRtRankedTensorType.layout offset");
static_assert(sizeof(LiteRtQuantizationPerTensor) == 16, "LiteRtQuantizationPerTensor size");
static_assert(offsetof(LiteRtQuantizationPerTensor, zero_point) == 8, "zero_point offset");
static_assert(sizeof(LiteRtQuantizationPerChannel) == 32, "LiteRtQuantizationPerChannel size");
static_assert(offsetof(LiteRtQuantizationPerChannel, num_channels) == 8, "num_channels offset");
static_assert(offsetof(LiteRtQuantizationPerChannel, scales) == 16, "scales offset");
static_assert(offsetof(LiteRtQuantizationPerChannel, zero_points) == 24, "zero_points offset");
static_assert(sizeof(LiteRtAny) == 16, "LiteRtAny size");
static_assert(sizeof(LiteRtEnvOption) == 24, "LiteRtEnvOption size");
static_assert(sizeof(LiteRtCustomOpKernel) == 32, "LiteRtCustomOpKernel size");
static_assert(offsetof(LiteRtCustomOpKernel, GetOutputLayouts) == 8, "GetOutputLayouts offset");
static_assert(offsetof(LiteRtCustomOpKernel, Run) == 16, "Run offset");
static_assert(offsetof(LiteRtCustomOpKernel, Destroy) == 24, "Destroy offset");
#endif
