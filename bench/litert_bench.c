// litert_bench.c — the baseline for `bench/compare.sh`: a minimal C program calling LiteRT's C API
// directly, doing what TensorBridge's `Interpreter` does and nothing more.
//
//   cc -O2 -std=c11 -I Sources/CLiteRT/include bench/litert_bench.c -ldl -o litert_bench
//   litert_bench MODEL [--lib PATH] [--runs N] [--warmup N] [--loads N] [--threads N]
//
// It dlopens the same libLiteRt.so TensorBridge binds (default: .litert/lib/libLiteRt.so below the
// current directory) and resolves every function with dlsym, using TensorBridge's own header
// (Sources/CLiteRT/include/CLiteRT.h) for the types, so both sides lay out the structs identically.
//
// One "load + compile" is the same LiteRT work as `Interpreter(modelData:)` in Swift
// (Sources/TensorBridge/LiteRTSession.swift, SignatureState.swift):
//   aligned copy of the model bytes -> (first load only: LiteRtCreateEnvironment, log level
//   option, tag 25 = error; later loads share it) -> LiteRtCreateModelFromBuffer -> LiteRtCreateOptions + CPU accelerator + opaque option
//   "xnnpack" with the TOML payload "num_threads = N" -> LiteRtCreateCompiledModel -> the main
//   signature's input/output tensors and element types -> input layouts, output layouts, buffer
//   requirements -> one managed tensor buffer per input and output.
// What Swift does on top (our flatbuffer verifier, tensor names, quantization, the main-subgraph
// order mapping) is deliberately absent: that is the overhead the comparison measures.
//
// Inputs are filled with the Swift bench's byte ramp (byte[i] = (i * 7) % 61 over each input's
// packed bytes). Invokes are timed one by one with clock_gettime(CLOCK_MONOTONIC).
// Prints one JSON line: {"impl": "c", "invoke_median_ms": ..., "load_compile_median_ms": ..., ...}
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "CLiteRT.h"

// ---- The resolved functions ------------------------------------------------------------------
static struct {
  LiteRtCreateEnvironment_fn CreateEnvironment;
  LiteRtDestroyEnvironment_fn DestroyEnvironment;
  LiteRtCreateModelFromBuffer_fn CreateModelFromBuffer;
  LiteRtDestroyModel_fn DestroyModel;
  LiteRtGetMainModelSubgraphIndex_fn GetMainModelSubgraphIndex;
  LiteRtGetModelSubgraph_fn GetModelSubgraph;
  LiteRtGetNumModelSignatures_fn GetNumModelSignatures;
  LiteRtGetModelSignature_fn GetModelSignature;
  LiteRtGetSignatureSubgraph_fn GetSignatureSubgraph;
  LiteRtGetNumSignatureIO_fn GetNumSignatureInputs;
  LiteRtGetNumSignatureIO_fn GetNumSignatureOutputs;
  LiteRtGetSignatureIOTensorByIndex_fn GetSignatureInputTensorByIndex;
  LiteRtGetSignatureIOTensorByIndex_fn GetSignatureOutputTensorByIndex;
  LiteRtGetTensorTypeId_fn GetTensorTypeId;
  LiteRtGetRankedTensorType_fn GetRankedTensorType;
  LiteRtGetUnrankedTensorType_fn GetUnrankedTensorType;
  LiteRtCreateOptions_fn CreateOptions;
  LiteRtDestroyOptions_fn DestroyOptions;
  LiteRtSetOptionsHardwareAccelerators_fn SetOptionsHardwareAccelerators;
  LiteRtAddOpaqueOptions_fn AddOpaqueOptions;
  LiteRtCreateOpaqueOptions_fn CreateOpaqueOptions;
  LiteRtCreateCompiledModel_fn CreateCompiledModel;
  LiteRtDestroyCompiledModel_fn DestroyCompiledModel;
  LiteRtGetCompiledModelBufferRequirements_fn GetCompiledModelInputBufferRequirements;
  LiteRtGetCompiledModelBufferRequirements_fn GetCompiledModelOutputBufferRequirements;
  LiteRtGetCompiledModelInputTensorLayout_fn GetCompiledModelInputTensorLayout;
  LiteRtGetCompiledModelOutputTensorLayouts_fn GetCompiledModelOutputTensorLayouts;
  LiteRtRunCompiledModel_fn RunCompiledModel;
  LiteRtCreateManagedTensorBufferFromRequirements_fn CreateManagedTensorBufferFromRequirements;
  LiteRtCreateManagedTensorBuffer_fn CreateManagedTensorBuffer;
  LiteRtDestroyTensorBuffer_fn DestroyTensorBuffer;
  LiteRtGetTensorBufferSize_fn GetTensorBufferSize;
  LiteRtLockTensorBuffer_fn LockTensorBuffer;
  LiteRtUnlockTensorBuffer_fn UnlockTensorBuffer;
} L;

static void die(const char *what, int status) {
  fprintf(stderr, "litert_bench: %s failed (status %d)\n", what, status);
  exit(1);
}

static void *resolve(void *handle, const char *name) {
  void *p = dlsym(handle, name);
  if (!p) {
    fprintf(stderr, "litert_bench: symbol %s not found: %s\n", name, dlerror());
    exit(1);
  }
  return p;
}

static void bind_library(const char *path) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "litert_bench: cannot dlopen %s: %s\n", path, dlerror());
    exit(1);
  }
#define R(field, symbol) *(void **)(&L.field) = resolve(h, symbol)
  R(CreateEnvironment, "LiteRtCreateEnvironment");
  R(DestroyEnvironment, "LiteRtDestroyEnvironment");
  R(CreateModelFromBuffer, "LiteRtCreateModelFromBuffer");
  R(DestroyModel, "LiteRtDestroyModel");
  R(GetMainModelSubgraphIndex, "LiteRtGetMainModelSubgraphIndex");
  R(GetModelSubgraph, "LiteRtGetModelSubgraph");
  R(GetNumModelSignatures, "LiteRtGetNumModelSignatures");
  R(GetModelSignature, "LiteRtGetModelSignature");
  R(GetSignatureSubgraph, "LiteRtGetSignatureSubgraph");
  R(GetNumSignatureInputs, "LiteRtGetNumSignatureInputs");
  R(GetNumSignatureOutputs, "LiteRtGetNumSignatureOutputs");
  R(GetSignatureInputTensorByIndex, "LiteRtGetSignatureInputTensorByIndex");
  R(GetSignatureOutputTensorByIndex, "LiteRtGetSignatureOutputTensorByIndex");
  R(GetTensorTypeId, "LiteRtGetTensorTypeId");
  R(GetRankedTensorType, "LiteRtGetRankedTensorType");
  R(GetUnrankedTensorType, "LiteRtGetUnrankedTensorType");
  R(CreateOptions, "LiteRtCreateOptions");
  R(DestroyOptions, "LiteRtDestroyOptions");
  R(SetOptionsHardwareAccelerators, "LiteRtSetOptionsHardwareAccelerators");
  R(AddOpaqueOptions, "LiteRtAddOpaqueOptions");
  R(CreateOpaqueOptions, "LiteRtCreateOpaqueOptions");
  R(CreateCompiledModel, "LiteRtCreateCompiledModel");
  R(DestroyCompiledModel, "LiteRtDestroyCompiledModel");
  R(GetCompiledModelInputBufferRequirements, "LiteRtGetCompiledModelInputBufferRequirements");
  R(GetCompiledModelOutputBufferRequirements, "LiteRtGetCompiledModelOutputBufferRequirements");
  R(GetCompiledModelInputTensorLayout, "LiteRtGetCompiledModelInputTensorLayout");
  R(GetCompiledModelOutputTensorLayouts, "LiteRtGetCompiledModelOutputTensorLayouts");
  R(RunCompiledModel, "LiteRtRunCompiledModel");
  R(CreateManagedTensorBufferFromRequirements, "LiteRtCreateManagedTensorBufferFromRequirements");
  R(CreateManagedTensorBuffer, "LiteRtCreateManagedTensorBuffer");
  R(DestroyTensorBuffer, "LiteRtDestroyTensorBuffer");
  R(GetTensorBufferSize, "LiteRtGetTensorBufferSize");
  R(LockTensorBuffer, "LiteRtLockTensorBuffer");
  R(UnlockTensorBuffer, "LiteRtUnlockTensorBuffer");
#undef R
}

// ---- One loaded model --------------------------------------------------------------------------
typedef struct {
  void *bytes;
  LiteRtEnvironment env;
  LiteRtModel model;
  LiteRtOptions options;
  LiteRtCompiledModel compiled;
  LiteRtParamIndex signature;
  size_t num_inputs, num_outputs;
  LiteRtTensorBuffer *inputs, *outputs;
  size_t *input_bytes;  // packed byte count of each input (what the ramp fills)
} Loaded;

// Bits per element by LiteRtElementType (TfLiteType numbering); 0 = not a plain numeric type.
static int element_bits(LiteRtElementType t) {
  switch (t) {
    case 6: case 9: case 3: case 22: case 23: return 8;      // bool, int8, uint8, float8
    case 7: case 17: case 10: case 19: return 16;            // int16, uint16, float16, bfloat16
    case 2: case 16: case 1: return 32;                      // int32, uint32, float32
    case 4: case 13: case 11: case 8: return 64;             // int64, uint64, float64, complex64
    case 12: return 128;                                     // complex128
    case 18: case 21: return 4;                              // int4, uint4
    case 20: return 2;                                       // int2
    default: return 0;
  }
}

static LiteRtElementType element_type_of(LiteRtTensor tensor) {
  LiteRtTensorTypeId id = 0;
  int s = L.GetTensorTypeId(tensor, &id);
  if (s) die("LiteRtGetTensorTypeId", s);
  if (id == 0) {
    LiteRtRankedTensorType ranked;
    memset(&ranked, 0, sizeof ranked);
    if ((s = L.GetRankedTensorType(tensor, &ranked))) die("LiteRtGetRankedTensorType", s);
    return ranked.element_type;
  }
  LiteRtElementType t = 0;
  if ((s = L.GetUnrankedTensorType(tensor, &t))) die("LiteRtGetUnrankedTensorType", s);
  return t;
}

// A managed buffer for one tensor from the compiled model's layout and requirements (as
// SignatureState.makeBuffer does); returns the packed byte count in *packed.
static LiteRtTensorBuffer make_buffer(LiteRtEnvironment env, LiteRtElementType type, LiteRtLayout layout,
                                      LiteRtTensorBufferRequirements req, size_t *packed) {
  size_t elements = 1;
  for (unsigned i = 0; i < layout.rank; i++) elements *= (size_t)(layout.dimensions[i] < 0 ? 0 : layout.dimensions[i]);
  int bits = element_bits(type);
  LiteRtRankedTensorType tt;
  tt.element_type = type;
  tt.layout = layout;
  LiteRtTensorBuffer buffer = NULL;
  int s;
  if (req) {
    s = L.CreateManagedTensorBufferFromRequirements(env, &tt, req, &buffer);
  } else {
    size_t size = bits ? (elements * (size_t)bits + 7) / 8 : 0;
    s = L.CreateManagedTensorBuffer(env, 1, &tt, size ? size : 1, &buffer);
  }
  if (s || !buffer) die("LiteRtCreateManagedTensorBuffer", s);
  if (bits) {
    *packed = (elements * (size_t)bits + 7) / 8;
  } else {
    size_t size = 0;
    L.GetTensorBufferSize(buffer, &size);
    *packed = size;
  }
  return buffer;
}

static void load(Loaded *m, const void *data, size_t size, int threads) {
  int s;
  // An aligned copy that lives as long as the model (LiteRT does not copy it).
  size_t rounded = (size + 63) / 64 * 64;
  m->bytes = aligned_alloc(64, rounded ? rounded : 64);
  memcpy(m->bytes, data, size);

  LiteRtEnvOption env_options[1];
  env_options[0].tag = 25;  // log severity: error (TensorBridge's default)
  env_options[0].value = tb_any_int(3);
  // One environment per process, created by the first load (as TensorBridge does).
  static LiteRtEnvironment shared_env = NULL;
  if (!shared_env && (s = L.CreateEnvironment(1, env_options, &shared_env))) die("LiteRtCreateEnvironment", s);
  m->env = shared_env;
  if ((s = L.CreateModelFromBuffer(m->env, m->bytes, size, &m->model))) die("LiteRtCreateModelFromBuffer", s);

  if ((s = L.CreateOptions(&m->options))) die("LiteRtCreateOptions", s);
  if ((s = L.SetOptionsHardwareAccelerators(m->options, 1))) die("LiteRtSetOptionsHardwareAccelerators", s);
  if (threads > 0) {
    char toml[64];
    snprintf(toml, sizeof toml, "num_threads = %d\n", threads);
    char *payload = strdup(toml);
    LiteRtOpaqueOptions opaque = NULL;
    if ((s = L.CreateOpaqueOptions("xnnpack", payload, free, &opaque))) die("LiteRtCreateOpaqueOptions", s);
    if ((s = L.AddOpaqueOptions(m->options, opaque))) die("LiteRtAddOpaqueOptions", s);
  }
  if ((s = L.CreateCompiledModel(m->env, m->model, m->options, &m->compiled))) die("LiteRtCreateCompiledModel", s);

  // The signature over the main subgraph (a model without signature definitions has exactly one).
  LiteRtParamIndex num_signatures = 0, main_index = 0;
  if ((s = L.GetNumModelSignatures(m->model, &num_signatures)) || num_signatures == 0) die("LiteRtGetNumModelSignatures", s);
  if ((s = L.GetMainModelSubgraphIndex(m->model, &main_index))) die("LiteRtGetMainModelSubgraphIndex", s);
  LiteRtSubgraph main_subgraph = NULL;
  if ((s = L.GetModelSubgraph(m->model, main_index, &main_subgraph))) die("LiteRtGetModelSubgraph", s);
  m->signature = 0;
  LiteRtSignature signature = NULL;
  for (LiteRtParamIndex i = 0; i < num_signatures; i++) {
    LiteRtSignature candidate = NULL;
    LiteRtSubgraph subgraph = NULL;
    if ((s = L.GetModelSignature(m->model, i, &candidate))) die("LiteRtGetModelSignature", s);
    if (L.GetSignatureSubgraph(candidate, &subgraph) == 0 && subgraph == main_subgraph) {
      m->signature = i;
      signature = candidate;
      break;
    }
  }
  if (!signature && (s = L.GetModelSignature(m->model, 0, &signature))) die("LiteRtGetModelSignature", s);

  if ((s = L.GetNumSignatureInputs(signature, &m->num_inputs))) die("LiteRtGetNumSignatureInputs", s);
  if ((s = L.GetNumSignatureOutputs(signature, &m->num_outputs))) die("LiteRtGetNumSignatureOutputs", s);
  m->inputs = calloc(m->num_inputs + 1, sizeof *m->inputs);
  m->outputs = calloc(m->num_outputs + 1, sizeof *m->outputs);
  m->input_bytes = calloc(m->num_inputs + 1, sizeof *m->input_bytes);

  for (size_t i = 0; i < m->num_inputs; i++) {
    LiteRtTensor tensor = NULL;
    if ((s = L.GetSignatureInputTensorByIndex(signature, i, &tensor))) die("LiteRtGetSignatureInputTensorByIndex", s);
    LiteRtElementType type = element_type_of(tensor);
    LiteRtLayout layout;
    memset(&layout, 0, sizeof layout);
    if ((s = L.GetCompiledModelInputTensorLayout(m->compiled, m->signature, i, &layout))) die("LiteRtGetCompiledModelInputTensorLayout", s);
    LiteRtTensorBufferRequirements req = NULL;
    if ((s = L.GetCompiledModelInputBufferRequirements(m->compiled, m->signature, i, &req))) die("LiteRtGetCompiledModelInputBufferRequirements", s);
    m->inputs[i] = make_buffer(m->env, type, layout, req, &m->input_bytes[i]);
  }
  if (m->num_outputs) {
    LiteRtLayout *layouts = calloc(m->num_outputs, sizeof *layouts);
    if ((s = L.GetCompiledModelOutputTensorLayouts(m->compiled, m->signature, m->num_outputs, layouts, true)))
      die("LiteRtGetCompiledModelOutputTensorLayouts", s);
    for (size_t i = 0; i < m->num_outputs; i++) {
      LiteRtTensor tensor = NULL;
      if ((s = L.GetSignatureOutputTensorByIndex(signature, i, &tensor))) die("LiteRtGetSignatureOutputTensorByIndex", s);
      LiteRtElementType type = element_type_of(tensor);
      LiteRtTensorBufferRequirements req = NULL;
      if ((s = L.GetCompiledModelOutputBufferRequirements(m->compiled, m->signature, i, &req))) die("LiteRtGetCompiledModelOutputBufferRequirements", s);
      size_t packed = 0;
      m->outputs[i] = make_buffer(m->env, type, layouts[i], req, &packed);
    }
    free(layouts);
  }
}

static void unload(Loaded *m) {
  for (size_t i = 0; i < m->num_inputs; i++) L.DestroyTensorBuffer(m->inputs[i]);
  for (size_t i = 0; i < m->num_outputs; i++) L.DestroyTensorBuffer(m->outputs[i]);
  free(m->inputs);
  free(m->outputs);
  free(m->input_bytes);
  L.DestroyCompiledModel(m->compiled);
  L.DestroyOptions(m->options);
  L.DestroyModel(m->model);  // the environment is shared by every load and kept
  free(m->bytes);
  memset(m, 0, sizeof *m);
}

// ---- Timing ------------------------------------------------------------------------------------
static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, size_t n) {
  qsort(v, n, sizeof *v, compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void usage(void) {
  fprintf(stderr, "usage: litert_bench MODEL [--lib PATH] [--runs N] [--warmup N] [--loads N] [--threads N]\n");
  exit(2);
}

int main(int argc, char **argv) {
  const char *model_path = NULL, *lib = NULL;
  int runs = 200, warmup = 20, loads = 5, threads = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--lib") && i + 1 < argc) lib = argv[++i];
    else if (!strcmp(a, "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
    else if (!strcmp(a, "--warmup") && i + 1 < argc) warmup = atoi(argv[++i]);
    else if (!strcmp(a, "--loads") && i + 1 < argc) loads = atoi(argv[++i]);
    else if (!strcmp(a, "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
    else if (a[0] == '-') usage();
    else if (!model_path) model_path = a;
    else usage();
  }
  if (!model_path || runs < 1 || loads < 1 || warmup < 0 || threads < 0) usage();
  if (!lib) lib = getenv("TENSORBRIDGE_LITERT_LIBRARY");
  if (!lib) lib = ".litert/lib/libLiteRt.so";

  // Read the model once (the Swift bench reads it into a Data once, outside the timing).
  FILE *f = fopen(model_path, "rb");
  if (!f) { perror(model_path); return 1; }
  fseek(f, 0, SEEK_END);
  long file_size = ftell(f);
  fseek(f, 0, SEEK_SET);
  if (file_size <= 0) { fprintf(stderr, "litert_bench: empty model file\n"); return 1; }
  void *data = malloc((size_t)file_size);
  if (fread(data, 1, (size_t)file_size, f) != (size_t)file_size) { perror("fread"); return 1; }
  fclose(f);

  bind_library(lib);

  double *load_times = calloc((size_t)loads, sizeof(double));
  Loaded m;
  memset(&m, 0, sizeof m);
  for (int i = 0; i < loads; i++) {
    if (m.compiled) unload(&m);  // the previous instance is released outside the timing, as in Swift
    double t0 = now_ms();
    load(&m, data, (size_t)file_size, threads);
    load_times[i] = now_ms() - t0;
  }

  // Deterministic inputs: the Swift bench's repeating byte ramp over each input's packed bytes.
  for (size_t i = 0; i < m.num_inputs; i++) {
    void *addr = NULL;
    int s = L.LockTensorBuffer(m.inputs[i], &addr, 1);
    if (s || !addr) die("LiteRtLockTensorBuffer", s);
    unsigned char *bytes = addr;
    for (size_t j = 0; j < m.input_bytes[i]; j++) bytes[j] = (unsigned char)((j * 7) % 61);
    L.UnlockTensorBuffer(m.inputs[i]);
  }

  for (int i = 0; i < warmup; i++) {
    int s = L.RunCompiledModel(m.compiled, m.signature, m.num_inputs, m.inputs, m.num_outputs, m.outputs);
    if (s) die("LiteRtRunCompiledModel", s);
  }
  double *times = calloc((size_t)runs, sizeof(double));
  for (int i = 0; i < runs; i++) {
    double t0 = now_ms();
    int s = L.RunCompiledModel(m.compiled, m.signature, m.num_inputs, m.inputs, m.num_outputs, m.outputs);
    times[i] = now_ms() - t0;
    if (s) die("LiteRtRunCompiledModel", s);
  }
  double invoke = median(times, (size_t)runs);
  double invoke_min = times[0];  // sorted by median()
  double load_ms = median(load_times, (size_t)loads);
  printf("{\"impl\": \"c\", \"invoke_median_ms\": %.6f, \"invoke_min_ms\": %.6f, \"load_compile_median_ms\": %.6f, "
         "\"runs\": %d, \"loads\": %d, \"threads\": %d}\n",
         invoke, invoke_min, load_ms, runs, loads, threads ? threads : 1);
  unload(&m);
  free(times);
  free(load_times);
  free(data);
  return 0;
}
