"""Static analysis of a model with the flatbuffer bindings shipped in the LiteRT wheel."""
import io
import zipfile


def _enum_names(cls):
    return {v: k for k, v in vars(cls).items() if not k.startswith("_") and isinstance(v, int)}


def analyze(model_path):
    from ai_edge_litert import schema_py_generated as s

    ttype = _enum_names(s.TensorType)
    bop = _enum_names(s.BuiltinOperator)
    buf = open(model_path, "rb").read()
    m = s.Model.GetRootAs(buf, 0)

    opcodes = []
    for i in range(m.OperatorCodesLength()):
        oc = m.OperatorCodes(i)
        code = max(oc.BuiltinCode(), oc.DeprecatedBuiltinCode())
        name = bop.get(code, str(code))
        entry = {"builtin": name, "version": oc.Version()}
        if name == "CUSTOM":
            entry["custom"] = (oc.CustomCode() or b"").decode("utf-8", "replace")
        opcodes.append(entry)

    def tensor_info(g, ti):
        t = g.Tensors(ti)
        shape = [int(d) for d in t.ShapeAsNumpy()] if t.ShapeLength() else []
        sig = [int(d) for d in t.ShapeSignatureAsNumpy()] if t.ShapeSignatureLength() else None
        q = t.Quantization()
        quant = None
        if q is not None and q.ScaleLength() > 0:
            quant = {
                "scale": [float(x) for x in q.ScaleAsNumpy()][:8],
                "zero_point": [int(x) for x in q.ZeroPointAsNumpy()][:8] if q.ZeroPointLength() else [],
                "channels": q.ScaleLength(),
                "quantized_dimension": q.QuantizedDimension(),
            }
        return {
            "tensor": ti,
            "name": (t.Name() or b"").decode("utf-8", "replace"),
            "type": ttype.get(t.Type(), str(t.Type())),
            "shape": shape,
            "shape_signature": sig,
            "quantization": quant,
        }

    subgraphs = []
    op_use = {}
    types = set()
    sparse = 0
    quantized = 0
    variables = 0
    dynamic_tensors = 0
    fp16_dequant = 0
    for si in range(m.SubgraphsLength()):
        g = m.Subgraphs(si)
        for ti in range(g.TensorsLength()):
            t = g.Tensors(ti)
            types.add(ttype.get(t.Type(), str(t.Type())))
            if t.Sparsity() is not None:
                sparse += 1
            q = t.Quantization()
            if q is not None and q.ScaleLength() > 0:
                quantized += 1
            if t.IsVariable():
                variables += 1
            if t.ShapeSignatureLength() and (t.ShapeSignatureAsNumpy() < 0).any():
                dynamic_tensors += 1
        for oi in range(g.OperatorsLength()):
            op = g.Operators(oi)
            oc = opcodes[op.OpcodeIndex()]
            key = oc.get("custom") and "CUSTOM:" + oc["custom"] or oc["builtin"]
            op_use[key] = op_use.get(key, 0) + 1
            if oc["builtin"] == "DEQUANTIZE" and op.InputsLength() > 0 and op.Inputs(0) >= 0:
                t = g.Tensors(op.Inputs(0))
                if t.Type() == s.TensorType.FLOAT16:
                    fp16_dequant += 1
        subgraphs.append({
            "name": (g.Name() or b"").decode("utf-8", "replace"),
            "tensors": g.TensorsLength(),
            "operators": g.OperatorsLength(),
            "inputs": [tensor_info(g, g.Inputs(i)) for i in range(g.InputsLength())],
            "outputs": [tensor_info(g, g.Outputs(i)) for i in range(g.OutputsLength())],
        })

    metadata = [(m.Metadata(i).Name() or b"").decode("utf-8", "replace") for i in range(m.MetadataLength())]
    signatures = []
    for i in range(m.SignatureDefsLength()):
        sd = m.SignatureDefs(i)
        signatures.append({
            "key": (sd.SignatureKey() or b"").decode(),
            "subgraph": sd.SubgraphIndex(),
            "inputs": [(sd.Inputs(j).Name() or b"").decode() for j in range(sd.InputsLength())],
            "outputs": [(sd.Outputs(j).Name() or b"").decode() for j in range(sd.OutputsLength())],
        })
    zip_members = None
    try:
        zip_members = zipfile.ZipFile(io.BytesIO(buf)).namelist()
    except zipfile.BadZipFile:
        pass

    custom_ops = [o["custom"] for o in opcodes if "custom" in o]
    main = subgraphs[0] if subgraphs else {"inputs": [], "outputs": []}
    detected = []
    if fp16_dequant:
        detected.append("fp16-weights")
    if sparse:
        detected.append("sparse")
    if len(main["outputs"]) > 1:
        detected.append("multi-output")
    if "TFLITE_METADATA" in metadata:
        detected.append("metadata")
    if zip_members:
        detected.append("metadata-zip")
    if custom_ops:
        detected.append("custom-op")
    if "UINT8" in types:
        detected.append("uint8")
    if "INT8" in types:
        detected.append("int8")
    if any(t["shape_signature"] and min(t["shape_signature"]) < 0 for t in main["inputs"]):
        detected.append("dynamic-shape")
    if len(subgraphs) > 1:
        detected.append("multi-subgraph")
    if variables or "RESOURCE" in types:
        detected.append("stateful")
    if signatures:
        detected.append("signature")
    if "COMPLEX64" in types or "COMPLEX128" in types:
        detected.append("complex")
    builtin_versions = {}
    for o in opcodes:
        builtin_versions.setdefault(o["builtin"], set()).add(o["version"])
    if any(len(v) > 1 and k != "CUSTOM" for k, v in builtin_versions.items()):
        detected.append("op-versions")
    used = set()
    for si in range(m.SubgraphsLength()):
        g = m.Subgraphs(si)
        used.update(g.Operators(oi).OpcodeIndex() for oi in range(g.OperatorsLength()))
    unused = [o.get("custom") or o["builtin"] for i, o in enumerate(opcodes) if i not in used]
    if unused:
        detected.append("unused-opcodes")

    return {
        "schema_version": m.Version(),
        "description": (m.Description() or b"").decode("utf-8", "replace"),
        "opcodes": opcodes,
        "op_counts": op_use,
        "custom_ops": custom_ops,
        "unused_opcodes": unused,
        "metadata": metadata,
        "appended_zip": zip_members,
        "signatures": signatures,
        "tensor_types": sorted(types),
        "sparse_tensors": sparse,
        "quantized_tensors": quantized,
        "variable_tensors": variables,
        "dynamic_tensors": dynamic_tensors,
        "fp16_dequantize_ops": fp16_dequant,
        "subgraphs": subgraphs,
        "detected_properties": detected,
    }
