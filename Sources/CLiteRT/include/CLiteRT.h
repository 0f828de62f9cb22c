// CLiteRT.h — TensorBridge's own declarations of the parts of the LiteRT C API it uses.
//
// Written from the public headers of google-ai-edge/LiteRT (`litert/c/*.h`, tag v2.2.0) so that
// clang lays out the structs (one has bit-fields) exactly as LiteRT does. Nothing here links
// against LiteRT: functions are declared as pointer types and resolved at run time with
// dlopen/dlsym by the Swift module `LiteRTRuntime`. The package therefore builds without the
// runtime present. Layouts are checked at compile time in CLiteRT.c and again from Swift in tests.
#ifndef TENSORBRIDGE_CLITERT_H
#define TENSORBRIDGE_CLITERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---- Opaque handles --------------------------------------------------------------------------
typedef struct LiteRtEnvironmentT *LiteRtEnvironment;
typedef struct LiteRtModelT *LiteRtModel;
typedef struct LiteRtSubgraphT *LiteRtSubgraph;
typedef struct LiteRtSignatureT *LiteRtSignature;
typedef struct LiteRtTensorT *LiteRtTensor;
typedef struct LiteRtOpT *LiteRtOp;
typedef struct LiteRtOptionsT *LiteRtOptions;
typedef struct LiteRtOpaqueOptionsT *LiteRtOpaqueOptions;
typedef struct LiteRtCompiledModelT *LiteRtCompiledModel;
typedef struct LiteRtTensorBufferT *LiteRtTensorBuffer;
typedef struct LiteRtTensorBufferRequirementsT *LiteRtTensorBufferRequirements;

typedef int LiteRtStatus;            // 0 is OK; see LiteRTStatus.swift for the codes.
typedef int LiteRtElementType;       // kLiteRtElementType* values (TfLiteType numbering).
typedef int LiteRtTensorTypeId;      // 0 ranked, 1 unranked.
typedef int LiteRtQuantizationTypeId;  // 0 none, 1 per tensor, 2 per channel, 3 block-wise.
typedef int LiteRtHwAcceleratorSet;  // bit set: 1 CPU, 2 GPU, 4 NPU.
typedef int LiteRtTensorBufferType;  // 1 host memory.
typedef int LiteRtTensorBufferLockMode;  // 0 read, 1 write, 2 read-write.
typedef int LiteRtEnvOptionTag;
typedef int LiteRtOpCode;
typedef size_t LiteRtParamIndex;

#define TB_LITERT_TENSOR_MAX_RANK 8

// ---- Structs (layouts must match LiteRT's static_asserts on 64-bit platforms) ---------------
typedef struct {
  unsigned int rank : 7;
  unsigned int has_strides : 1;
  int32_t dimensions[TB_LITERT_TENSOR_MAX_RANK];
  uint32_t strides[TB_LITERT_TENSOR_MAX_RANK];
} LiteRtLayout;  // 68 bytes

typedef struct {
  LiteRtElementType element_type;
  LiteRtLayout layout;
} LiteRtRankedTensorType;  // 72 bytes

typedef struct {
  float scale;
  int64_t zero_point;
} LiteRtQuantizationPerTensor;  // 16 bytes

typedef struct {
  int32_t quantized_dimension;
  uint64_t num_channels;
  float *scales;
  int64_t *zero_points;
} LiteRtQuantizationPerChannel;  // 32 bytes

typedef int LiteRtAnyType;  // 0 none, 1 bool, 2 int, 3 real, 8 string, 9 pointer.
typedef struct {
  LiteRtAnyType type;
  union {
    bool bool_value;
    int64_t int_value;
    double real_value;
    const char *str_value;
    const void *ptr_value;
  };
} LiteRtAny;  // 16 bytes

typedef struct {
  LiteRtEnvOptionTag tag;
  LiteRtAny value;
} LiteRtEnvOption;  // 24 bytes

/// A custom operator's kernel (`litert/c/litert_custom_op_kernel.h`). LiteRT copies the struct
/// when it is registered and calls every function with the `user_data` given at registration;
/// `Run` receives the operator's inputs wrapped as host-memory tensor buffers (its return value
/// is ignored by LiteRT 2.2/2.3's dispatcher).
typedef struct {
  LiteRtStatus (*Init)(void *user_data, const void *init_data, size_t init_data_size);
  LiteRtStatus (*GetOutputLayouts)(void *user_data, size_t num_inputs, const LiteRtLayout *input_layouts,
                                   size_t num_outputs, LiteRtLayout *output_layouts);
  LiteRtStatus (*Run)(void *user_data, size_t num_inputs, const LiteRtTensorBuffer *inputs,
                      size_t num_outputs, LiteRtTensorBuffer *outputs);
  LiteRtStatus (*Destroy)(void *user_data);
} LiteRtCustomOpKernel;  // 32 bytes

/// Swift cannot build a C bit-field initializer directly; these read and write the rank field.
static inline unsigned int tb_layout_rank(const LiteRtLayout *layout) { return layout->rank; }
static inline void tb_layout_set_rank(LiteRtLayout *layout, unsigned int rank) {
  layout->rank = rank & 0x7F;
  layout->has_strides = 0;
}
static inline LiteRtAny tb_any_int(int64_t value) {
  LiteRtAny any;
  any.type = 2;
  any.int_value = value;
  return any;
}

// ---- Function pointer types (one per resolved symbol) ---------------------------------------
typedef void (*tb_payload_destructor)(void *);
typedef void (*tb_host_memory_deallocator)(void *);

// Environment
typedef LiteRtStatus (*LiteRtCreateEnvironment_fn)(int num_options, const LiteRtEnvOption *options,
                                                    LiteRtEnvironment *environment);
typedef void (*LiteRtDestroyEnvironment_fn)(LiteRtEnvironment environment);

// Model
typedef LiteRtStatus (*LiteRtCreateModelFromBuffer_fn)(LiteRtEnvironment environment,
                                                        const void *buffer_addr, size_t buffer_size,
                                                        LiteRtModel *model);
typedef void (*LiteRtDestroyModel_fn)(LiteRtModel model);
typedef LiteRtStatus (*LiteRtGetModelMetadata_fn)(LiteRtModel model, const char *metadata_key,
                                                   const void **metadata_buffer,
                                                   size_t *metadata_buffer_size);
typedef LiteRtStatus (*LiteRtGetMainModelSubgraphIndex_fn)(LiteRtModel model,
                                                            LiteRtParamIndex *main_subgraph_index);
typedef LiteRtStatus (*LiteRtGetNumModelSubgraphs_fn)(LiteRtModel model,
                                                       LiteRtParamIndex *num_subgraphs);
typedef LiteRtStatus (*LiteRtGetModelSubgraph_fn)(LiteRtModel model, LiteRtParamIndex subgraph_index,
                                                   LiteRtSubgraph *subgraph);
typedef LiteRtStatus (*LiteRtGetNumModelSignatures_fn)(LiteRtModel model,
                                                        LiteRtParamIndex *num_signatures);
typedef LiteRtStatus (*LiteRtGetModelSignature_fn)(LiteRtModel model, LiteRtParamIndex signature_index,
                                                    LiteRtSignature *signature);

// Signatures and subgraphs
typedef LiteRtStatus (*LiteRtGetSignatureKey_fn)(LiteRtSignature signature, const char **key);
typedef LiteRtStatus (*LiteRtGetSignatureSubgraph_fn)(LiteRtSignature signature,
                                                       LiteRtSubgraph *subgraph);
typedef LiteRtStatus (*LiteRtGetNumSignatureIO_fn)(LiteRtSignature signature, LiteRtParamIndex *count);
typedef LiteRtStatus (*LiteRtGetSignatureIOName_fn)(LiteRtSignature signature, LiteRtParamIndex index,
                                                     const char **name);
typedef LiteRtStatus (*LiteRtGetSignatureIOTensorByIndex_fn)(LiteRtSignature signature,
                                                              LiteRtParamIndex index,
                                                              LiteRtTensor *tensor);
typedef LiteRtStatus (*LiteRtGetNumSubgraphIO_fn)(LiteRtSubgraph subgraph, LiteRtParamIndex *count);
typedef LiteRtStatus (*LiteRtGetSubgraphIO_fn)(LiteRtSubgraph subgraph, LiteRtParamIndex index,
                                                LiteRtTensor *tensor);

// Tensors
typedef LiteRtStatus (*LiteRtGetTensorName_fn)(LiteRtTensor tensor, const char **name);
typedef LiteRtStatus (*LiteRtGetTensorIndex_fn)(LiteRtTensor tensor, uint32_t *tensor_index);
typedef LiteRtStatus (*LiteRtGetTensorTypeId_fn)(LiteRtTensor tensor, LiteRtTensorTypeId *type_id);
typedef LiteRtStatus (*LiteRtGetRankedTensorType_fn)(LiteRtTensor tensor,
                                                      LiteRtRankedTensorType *ranked_tensor_type);
typedef LiteRtStatus (*LiteRtGetUnrankedTensorType_fn)(LiteRtTensor tensor,
                                                        LiteRtElementType *unranked_tensor_type);
typedef LiteRtStatus (*LiteRtGetQuantizationTypeId_fn)(LiteRtTensor tensor,
                                                        LiteRtQuantizationTypeId *q_type_id);
typedef LiteRtStatus (*LiteRtGetPerTensorQuantization_fn)(LiteRtTensor tensor,
                                                           LiteRtQuantizationPerTensor *quantization);
typedef LiteRtStatus (*LiteRtGetPerChannelQuantization_fn)(LiteRtTensor tensor,
                                                            LiteRtQuantizationPerChannel *quantization);

// Options
typedef LiteRtStatus (*LiteRtCreateOptions_fn)(LiteRtOptions *options);
typedef void (*LiteRtDestroyOptions_fn)(LiteRtOptions options);
typedef LiteRtStatus (*LiteRtSetOptionsHardwareAccelerators_fn)(LiteRtOptions options,
                                                                 LiteRtHwAcceleratorSet accelerators);
typedef LiteRtStatus (*LiteRtAddOpaqueOptions_fn)(LiteRtOptions options,
                                                   LiteRtOpaqueOptions opaque_options);
typedef LiteRtStatus (*LiteRtAddCustomOpKernelOption_fn)(LiteRtOptions options, const char *custom_op_name,
                                                          int custom_op_version,
                                                          const LiteRtCustomOpKernel *custom_op_kernel,
                                                          void *custom_op_kernel_user_data);
typedef LiteRtStatus (*LiteRtCreateOpaqueOptions_fn)(const char *payload_identifier, void *payload_data,
                                                      tb_payload_destructor payload_destructor,
                                                      LiteRtOpaqueOptions *options);
typedef void (*LiteRtDestroyOpaqueOptions_fn)(LiteRtOpaqueOptions options);

// Compiled model
typedef LiteRtStatus (*LiteRtCreateCompiledModel_fn)(LiteRtEnvironment environment, LiteRtModel model,
                                                      LiteRtOptions options,
                                                      LiteRtCompiledModel *compiled_model);
typedef void (*LiteRtDestroyCompiledModel_fn)(LiteRtCompiledModel compiled_model);
typedef LiteRtStatus (*LiteRtGetCompiledModelBufferRequirements_fn)(
    LiteRtCompiledModel compiled_model, LiteRtParamIndex signature_index, LiteRtParamIndex index,
    LiteRtTensorBufferRequirements *requirements);
typedef LiteRtStatus (*LiteRtGetCompiledModelInputTensorLayout_fn)(LiteRtCompiledModel compiled_model,
                                                                    LiteRtParamIndex signature_index,
                                                                    LiteRtParamIndex input_index,
                                                                    LiteRtLayout *layout);
typedef LiteRtStatus (*LiteRtGetCompiledModelOutputTensorLayouts_fn)(
    LiteRtCompiledModel compiled_model, LiteRtParamIndex signature_index, size_t num_layouts,
    LiteRtLayout *layouts, bool update_allocation);
typedef LiteRtStatus (*LiteRtCompiledModelGetErrorMessages_fn)(LiteRtCompiledModel compiled_model,
                                                                 char **error_messages);
typedef LiteRtStatus (*LiteRtCompiledModelClearErrors_fn)(LiteRtCompiledModel compiled_model);
typedef LiteRtStatus (*LiteRtRunCompiledModel_fn)(LiteRtCompiledModel compiled_model,
                                                   LiteRtParamIndex signature_index,
                                                   size_t num_input_buffers,
                                                   LiteRtTensorBuffer *input_buffers,
                                                   size_t num_output_buffers,
                                                   LiteRtTensorBuffer *output_buffers);
typedef LiteRtStatus (*LiteRtCompiledModelResizeInputTensor_fn)(LiteRtCompiledModel compiled_model,
                                                                 LiteRtParamIndex signature_index,
                                                                 LiteRtParamIndex input_index,
                                                                 const int *dims, size_t dims_size);

// Tensor buffers
typedef LiteRtStatus (*LiteRtCreateManagedTensorBufferFromRequirements_fn)(
    LiteRtEnvironment env, const LiteRtRankedTensorType *tensor_type,
    LiteRtTensorBufferRequirements requirements, LiteRtTensorBuffer *buffer);
typedef LiteRtStatus (*LiteRtCreateManagedTensorBuffer_fn)(LiteRtEnvironment env,
                                                            LiteRtTensorBufferType buffer_type,
                                                            const LiteRtRankedTensorType *tensor_type,
                                                            size_t buffer_size,
                                                            LiteRtTensorBuffer *buffer);
typedef LiteRtStatus (*LiteRtGetTensorBufferRequirementsBufferSize_fn)(
    LiteRtTensorBufferRequirements requirements, size_t *buffer_size);
typedef void (*LiteRtDestroyTensorBuffer_fn)(LiteRtTensorBuffer buffer);
typedef LiteRtStatus (*LiteRtGetTensorBufferSize_fn)(LiteRtTensorBuffer buffer, size_t *size);
typedef LiteRtStatus (*LiteRtGetTensorBufferPackedSize_fn)(LiteRtTensorBuffer buffer, size_t *size);
typedef LiteRtStatus (*LiteRtGetTensorBufferTensorType_fn)(LiteRtTensorBuffer buffer,
                                                           LiteRtRankedTensorType *tensor_type);
typedef LiteRtStatus (*LiteRtLockTensorBuffer_fn)(LiteRtTensorBuffer buffer, void **host_mem_addr,
                                                   LiteRtTensorBufferLockMode lock_mode);
typedef LiteRtStatus (*LiteRtUnlockTensorBuffer_fn)(LiteRtTensorBuffer buffer);

#ifdef __cplusplus
}
#endif
#endif  // TENSORBRIDGE_CLITERT_H
