// Generated once with Python's zlib (raw DEFLATE, wbits -15); see the doc comment of `DeflateVectors`.
import Foundation

/// Known-good raw DEFLATE streams made by zlib, with the CRC-32 of what they decode to.
///
/// Generated with:
/// ```python
/// import zlib, base64, io, zipfile, textwrap
///
/// def text():
///     return "".join(f"label {i}: " + "abc" * (i % 7) + "\n" for i in range(400)).encode()
///
/// def noise(n, seed=12345):
///     out = bytearray(); x = seed
///     for _ in range(n):
///         x = (x * 1103515245 + 12345) & 0xFFFFFFFF
///         out.append((x >> 16) & 0xFF)
///     return bytes(out)
///
/// def raw(data, level=6, strategy=zlib.Z_DEFAULT_STRATEGY):
///     c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
///     return c.compress(data) + c.flush()
///
/// def mixed(data):
///     c = zlib.compressobj(9, zlib.DEFLATED, -15)
///     a, b, d = data[:3000], data[3000:6000], data[6000:]
///     return c.compress(a) + c.flush(zlib.Z_SYNC_FLUSH) + c.compress(b) + c.flush(zlib.Z_FULL_FLUSH) + c.compress(d) + c.flush()
///
/// T = text(); N = noise(3000)
/// vectors = [
///     ("dynamicText", "text", raw(T, 9)),
///     ("fastText", "text", raw(T, 1)),
///     ("fixedText", "text", raw(T, 9, zlib.Z_FIXED)),
///     ("huffmanOnlyText", "text", raw(T, 9, zlib.Z_HUFFMAN_ONLY)),
///     ("rleText", "text", raw(T, 9, zlib.Z_RLE)),
///     ("mixedText", "text", mixed(T)),
///     ("storedNoise", "noise", raw(N, 9)),
///     ("shortDynamicText", "shortText", raw(T[:1000], 9)),
///     ("empty", "empty", raw(b"", 6)),
/// ]
/// lines = []
/// lines.append("// Generated once with Python's zlib (raw DEFLATE, wbits -15); see the doc comment of `DeflateVectors`.")
/// lines.append("import Foundation")
/// lines.append("")
/// lines.append("/// Known-good raw DEFLATE streams made by zlib, with the CRC-32 of what they decode to.")
/// lines.append("///")
/// lines.append("/// Generated with:")
/// lines.append("/// ```python")
/// for l in open(__file__).read().split("
/// ```
enum DeflateVectors {
  /// One stream: its name, which input it encodes, the compressed bytes, and zlib's CRC-32 of the input.
  struct Vector {
    let name: String
    let input: Input
    let base64: String
    let crc32: UInt32
  }
  /// The inputs the streams encode (rebuilt in Swift by ``MetadataFixtures``).
  enum Input { case text, shortText, noise, empty }

  /// CRC-32 of ``MetadataFixtures/labelText`` (8281 bytes), from zlib.
  static let textCRC: UInt32 = 0xC8EC_D00A
  /// CRC-32 of ``MetadataFixtures/noise(count:)`` with 3000 bytes, from zlib.
  static let noiseCRC: UInt32 = 0xF06A_DB84

  static let all: [Vector] = [
    // 1137 bytes -> 8281 bytes
    Vector(
      name: "dynamicText", input: .text,
      base64:
        "fdlLcpw3DIXRuVehJRAAiYd3Y6cy0/7HqbiSJkHiYubunnwlS0fQ/b9//f77+2v8/Prx/edf9PPr1++//nvBf17s1/L/6/3WPN7a"
        + "76787v5Anw/2Z/aJ8DMirggabwVRmUGMOkiaEJr7y7HOFNK7xYoWr1sCtfBoWpg+Lczp/0auFp5vC6+yhRW2WNfiuyXOFhn3Nwq9"
        + "LcJliwhqkdm0yPq0iKYWu1u8aImyZQ7UMqlpmfxpmXK2zHm1zFX8BGndYrDFu5b4tKxxtiy6Wha/LUvqH+eJWtZqWpbuFkstfrfE"
        + "26KjbFGCtnDTovJp0Xm26LpaVIsWq1sctkQH3ebWkrd2g2uFuFaTa9Bca9Hd6lpi1253vXDXa3cduuudu77d9eSu3+564a7X7jp0"
        + "Nzp3Y7sbyd243Y3C3ajdDehudO7GdjeSuzTG88uxkJdGTS8NaC+NDl8aW18ampPsSfIqqRaYCBJM1BlMtBEmSgoT3QwTreqGUJBk"
        + "OMnbpG0xccKY+NaYuOCYWMBdA0Em7kQm1iPJcpI/SYXKJDXLJIRvrQ5mki0zSaKZ5LaZRKskA0mOk6K9/457eCahad5E0yyMplkj"
        + "TRMqTVPbJDuSPCc9F/KqTuQFbuSFj+TVXsnrPJPznbyeQ3lVl/ICp/KCZpN2aJNutUk5n+6326QF3KS13KSKk6xN8iMp622P3lbp"
        + "bUBvw3pbq7cdelvW2x69rdLbgN6O9fZWbz/09qy3P3p7pbcDvR3r7a3efugdWe949I5K7wB6B9Y7Wr3j0Duy3vHoHYXePGq9eRD+"
        + "67TTm8fWm0fSm8etNw+tkgwkOU6K9i/mrTdT3jPo1pup0Jup1psJ6s2kbZIdSZ6Tbr2ZC72Za72Zod7Mnd7M8xgWkt7M+iRZleQg"
        + "CS8d0k4dcmwdco0dz9oh1dwhYO8QPHhIu3jIMXlI0pvneAaYQm+etd48od48O715br15ak6yJ8mrpFpvXlBvXp3evLbevJLevG69"
        + "ea1qp1KQZDjJ26StN2vSm/XWm7XQm1XAdgb1Zu30ZtUjyXKSP0mV3gb0Nqy3tXrbobdlve3R2yq9DehtWG9r9fZDb896+6O3V3o7"
        + "0Nux3t7q7YfenvX2R++o9A6gd2C9o9U7Dr0j6x2P3lHpHUDvgHrL6PSWsfWWwXkevvWWUegto9ZbhuIka5P8SMqLNb2TdbVZExit"
        + "Ca/W1M7WdOzWlIdrepZrqqZrqvUWhnoLd3oLb72Fk97Ct97Cq1r2FSQZTvI2aestkvQWufUWKfQWEfC0Aeot0uktokeS5SR/kgq9"
        + "ZdZ6yyT8BKTTW+bWW2bSW+att0ytkgwkOU6K9qnM1ltW0lvW8zRxFXrLqvWWBfWWpW2SHUmek269RQu9RWu9RaHeop3eovN4eJX0"
        + "FtUnyaokB0lYb2v1tkNvy3rbo7dVehvQ27De1upth96W9fZHb6/0dqC3Y7291dsPvT3r7e9zx0pvB3oH1jtavePQO7Le8egdld4B"
        + "9A6sd7R6/3tC/PgH",
      crc32: 0xC8EC_D00A),
    // 1261 bytes -> 8281 bytes
    Vector(
      name: "fastText", input: .text,
      base64:
        "ZZlJbhxBDATveoWeMPui38iGb/r/2WyxMjqbCfgwDPaQFU4DU2j/fP/59/N5+vr8+Pn9dP76/P7zdxWX32Kvr6p3dDO00/uR7o1H"
        + "NPbek0O8fp9ah3jrKzphHba+1H/E+tiBEYiOq0SzpDS4TVRxfIE6c3y7Tx8Yj9m5uFA0y2wtu7SNKgwEPAqxEYQwHrHOhaJZZprQ"
        + "Nqu6YiDgeYiNMITxmOuuLhTNMtOEtlGFgYDnITbCWPiGx1x3c6FolpkmtI0qDAQ8D7ERhjAesc6Follma8K9bVRhIOB5iI0whPGY"
        + "6+4uFM0y04S2UYWBgOex2GOEIYzHXPdwoWiWmSa0jSoMBDwPsRGGMB6xzoVm81lma8KzbVRhIOB5iI0whPGIdS4UzTLThLZRhcEC"
        + "L89DbIQhjMdc93KhaJaZJrSNKgwEPA+xEYYwHnPd24WiWWZrwrttVGEg4HmIjTCE8Yh1LhTNMtOEtlnV+YQCxBMBjjzguMyV55Nb"
        + "Zbf8GNJSlJhAPBjgiEX8jFEsPbtadsuRIe1FiQvE8wGOdOAY5VJXy245asj6kafEBeIZAUdAcIxi6cXVsluODGkvSlwgnpHg/lvf"
        + "w+EYxdKrq2W3HBnSXpS4QDwj4AgIjlEudbXobvcADVm//JS4QDwj4AgIjlEudbXsliND2osSF5H1y99DgCMgOEax9O5q2S1HhrQX"
        + "JS4Qzwg4AoJjFEvnreDo+ChHDVnXAUpcIJ4RcAQExyiP5GrZLUeGtJfK7R5wPP+6Dgw4AuLrGMXSp6tltxwZ0l6UuEA8I+AISPxw"
        + "RzhavMY/v9EtR4a0FyUuEM8IOAKCYxR/Dy9Xy245asi6KlDiAvGMgCMgOEax9O1q2S1HhrQXJS4Qz2jBy35h6OFwjObSy8nVsluO"
        + "DGkvSlwgnhFwBATHKJe6WnS3K4SGrDsDJS4Qzwg4AoJjlEtdLbvlyJD2osRF5PA+ADgCgmMUSy+ult1yZEh7UeIC8YyAIyA4RrF0"
        + "Xh76AX3xWo58bi9KXCCeEXAEBMcoj+Rq2S1HhrSXyv1lAcQzAo6A4BjF0purZbccGdJelLhAPCPgCEj8cG3ovbRcLY50L0eebC9K"
        + "XCCeEXAEBMcol7padstRQ9adgRIXiGcEHAHBMYqlD1fLbjkypL0ocYF4RoL7haGHwzGKpU9Xy245MqS9KHGBeEbAERAco1zqatHd"
        + "rhAasu4MlLhAPCPgCAiOUS51teyWI0PaixIXkcNbBeAICI5RLH27WnbLkSHtRYkLxDMCjoDgGM2l13l56AfWF6+ncuRze1HiAvGM"
        + "gCMgOEZ5JFfLbjkypL1U7u8ZIJ4RcAQExyiWnl0tu+XIkPaixAXiGQFHQOKHa0PvpeVqcaTt/xV4sr0ocYF4RsAREByjXOpq2S1H"
        + "DVl3BkpcIJ4RcAQExyiWXl0tu+XIkPaixAXiGQnuF4YeDscolt5cLbvlyJD2osQF4hkBR0BwjHKpq0V3u0JoyL29KHGBeEbAERAc"
        + "o1zqatktR4a0FyUuIofXC8AREByjWPpwteyWI0PaixIXiGcEHAHBMYql8/LQD+iL25sHPrcXJS4Qzwg4AoJjlEdyteyWI0PaS+X+"
        + "ngHiGQFHQHCMYunL1bJbjgxpL0pcIJ4RcAQkfrg29F5arhZH2v53gifbixIXiGcEHAHBMcqlrpbdcvz4Dw==",
      crc32: 0xC8EC_D00A),
    // 1647 bytes -> 8281 bytes
    Vector(
      name: "fixedText", input: .text,
      base64:
        "y0lMSs1RMLBS4MoBswytFBKTkqEcIzAHwTeG8RFCJkhCCFFTVFGEhBmGBELOHO4IC2RHWKI5wtAA0xWGhlidYWiEyx2GxngcYmiC"
        + "CA5TZKcYmqG7xRyLWyywu8USl1uMDPC4xcgQ7hYjI5S4MUZzi5EJpluMTLG6xcgMp1vM8bnFAuEWS2S3GBugJxRDTLcYG2F1i7Ex"
        + "LrcYm+Bxi7Ep3C3GZihuMUd3iwUWt1hidYuJAS63mBjicYuJEdwtJsbIbjExQXOLiSmWHGSG3S3mON1igc8tlnC3mBogu8XUEM0t"
        + "pkaYbjE1xp6dTXC5xdQUj1tMzRBuMUdxiwW6Wywx3WJmgNUtZoY4yxYjPG4xM4a7xcwE2S1mpmhuMTPD4hZz7G6xwOkWS3wFHaK4"
        + "NUcpb83RC1xzLCWuOfYi1xxnmWuOt9BFlLrmKMWuOXq5a4Gl3LXAXu5a4Cx3LfCVuxaIctcCpdy1QC93LbCUuxbYy10LnOWuJb5y"
        + "1xJR7lqilLuW6OWuJZZy1xJ7uWuJs9y1xFfuWiLKXUuUctfQwACjcsRS8hoaYC96DQ1wlr2GBvgKX0MDROlraGCG6iRzDCdZYHMS"
        + "9hLY0BBnEWxoiK8MNjREFMKGhiilsKEhejFsaGiKrQ1hhsNJ5ridZIHXSYiy2NAIpTA2NEIvjQ2NsBTHhkbGONo1OAtkQyN8JbKh"
        + "kRmSk8xRnWSB4SQspbKhMfZi2dDYEHdbC1/BbGiMKJkNjVGKZkNj9LLZ0NgMm5PMcTjJAreTLPG2/5DawyYoJbShCXoRbWiCpYw2"
        + "NMFeSBua4CylDU3M8DrJHMlJFqhOwmghm2JrIpviaCOb4m4km+JtJZsiN5NR28mmGA1lU2wtZVMcTWVTnGW2oRm+QtvQDFFqG5oZ"
        + "oTbd0cttQzMsBbehGfaS29DMDLeTzPE6yQLJSailtzlG6W2OrfQ2x1F6m+Muvc3xlt7mSKW3OWrpbY5ReptjK73NcZTeFrhLbwu8"
        + "pbcFUultgVp6W2CU3hbYSm8LHKW3Be7S2wJv6W2BVHpbopbelhiltyW20tsSR+ltibv0tsRbelsild6WqKW3JUbpbYml9DYywF56"
        + "GxkY4u6d4iu9jQwQpbeRAUrpbWSAXnobGZhhc5I5DidZ4HaSJd4eM6L0NjJEHc8wRC+9jQyxlN5GhthLbyNDnKW3kaEZXieZIznJ"
        + "AtVJ6KW3kRGW0tvICHvpbWSEs/Q2MsJXehsZmSANLKCU3kZGZhhOMsfmJAscTsI90mGMd6jDGGmswxhtsANjtMMY23CHMY7xDmPc"
        + "Ax7GeEc8jJGGPIxRSm8jEwOMARgspbeRCfbS28gEZ+ltZIKv9DYyQZTeRiZmqE4yx3CSBTYnYS+9jUxxlt5GpvhKbyNTROltZIpS"
        + "ehuZopfeRqam2MapzHA4yRy3kyzwOglRehuZoZTeRmbopbeRGZbS28jMGMfYGc7S28gMX+ltZGaG5CRzVCdZYDgJW+ltjqP0Nsdd"
        + "epvjLb3NkUpvc9TS2xyj9DbHVnqb4yi9zXGX3uZ4S28LpNLbArX0tsAovS2wld4WOEpvC9yltwXe0tsCqfS2QC29LTBKb0tspbcl"
        + "jtLbEnfpbYm39LZEKr0tUUtvS4zS2xJb6W2Jo/S2xFl6GxvgK72NDRClt7GBEerwMHrpbWyApfQ2NsBeehsbmOF2kjleJ1kgOQl1"
        + "xNoQc8ga25i1IY5Ba0Pco9aGeIetDZHGrQ1RB64NMUauDbENXRtiL72NjXCW3sZG+EpvYyNE6W1shFJ6Gxuhl97GRqbYRvbNcDjJ"
        + "HLeTLPA6CVF6GxujlN7Gxuilt7ExltLb2NgYx2wDztLb2Bhf6W1sbIbkJHNUJ1lgOAlL6W1sgr30NjYxxD0Dgq/0NjZBlN7GJiil"
        + "t7EJeultbGKGzUnmOJxkgdtJlnhnZRClt7EpSultbIoxm2iKpfQ2NsVeehub4iy9jU3N8DrJHMlJFqhOQi+9jc2wlN7GZthLb2Mz"
        + "nKW3sRm+0tvYzARp8gql9DY2M8Nwkjk2J1ngcBLu0tscb+ltjlR6m6OW3uYYpbc5ttLbHEfpbY679DbHW3qbI5Xe5qiltwVG6W2B"
        + "rfS2wFF6W+AuvS3wlt4WSKW3BWrpbYE574it9LbAUXpb4i69LfGW3pZIpbclaultiVF6W2IrvS1xlN6WuEtvS7ylN6gJwQUA",
      crc32: 0xC8EC_D00A),
    // 3636 bytes -> 8281 bytes
    Vector(
      name: "huffmanOnlyText", input: .text,
      base64:
        "BcG5lcRADENBn1EwhG1pNAez+cCjh/ztrQra9N90BW36TCNX0KavaWTkCtr0PY2MjFxBm35NIyMjI1fQpp9pZGRkZOQK2vR7GhkZ"
        + "GRkZuYI2/ZmuoE1/p5EraNO/aWTkCtr0+ZtGRkauoE2fM42MjIxcQZs+1zQyMjIycgVt+tzTyMjIyMjIFbTp85quoE2fZxq5gjZ9"
        + "3tPIyBW06fOZRkZGrqBNn+80MjIycgVt+vymkZGRkZEraNPX3zQyMjIyMnIFbfo60xW06euaRq6gTV/3NDJyBW36ek0jIyNX0Kav"
        + "ZxoZGRm5gjZ9vaeRkZGRkSto09dnGhkZGRkZuYI2fX2nK2jT128auYI2ff9NIyNX0KbvM42MjFxBm76vaWRkZOQK2vR9TyMjIyMj"
        + "V9Cm79c0MjIyMjJyBW36fqYraNP3exq5gjZ9f6aRkSto0/d3GhkZuYI2ff+mkZGRkSto06+/aWRkZGTkCtr060wjIyMjIyNX0KZf"
        + "13QFbfp1TyNX0KZfr2lk5Ara9OuZRkZGrqBNv97TyMjIyBW06ddnGhkZGRm5gjb9+k4jIyMjIyNX0KZfv+kK2vTzN41cQZt+zjQy"
        + "cgVt+rmmkZGRK2jTzz2NjIyMXEGbfl7TyMjIyMgVtOnnmUZGRkZGRq6gTT/v6Qra9POZRq6gTT/faWTkCtr085tGRkauoE2//6aR"
        + "kZGRK2jT7zONjIyMjFxBm35f08jIyMjIyBW06fc9XUGbfr+mkSto0+9nGhm5gjb9fk8jIyNX0Kbfn2lkZGTkCtr0+zuNjIyMjFxB"
        + "m37/ppGRkZGRkSto05+/6Qra9OdMI1fQpj/XNDJyBW36c08jIyNX0KY/r2lkZGTkCtr055lGRkZGRq6gTX/e08jIyMjIyBW06c9n"
        + "uoI2/flOI1fQpj+/aWTkCtr0928aGRm5gjb9PdPIyMjIFbTp7zWNjIyMjFxBm/7e08jIyMjIyBW06e9ruoI2/X2mkSto09/3NDJy"
        + "BW36+5lGRkauoE1/v9PIyMjIFbTp728aGRkZGbmCNv37m0ZGRkZGRq6gTf/OdAVt+ndNI1fQpn/3NDJyBW3695pGRkauoE3/nmlk"
        + "ZGTkCtr07z2NjIyMjFxBm/59ppGRkZGRkSto07/vdAVt+vebRq6gTZ+/v2lk5Ara9Pk708jIyBW06fN3TSMjIyNX0KbP3z2NjIyM"
        + "jFxBmz5/r2lkZGRkZOQK2vT5e6YraNPn7z2NXEGbPn+faWTkCtr0+ftOIyMjV9Cmz99vGhkZGbmCNn3O3zQyMjIycgVt+pwzjYyM"
        + "jIyMXEGbPuearqBNn3NPI1fQps95TSMjV9Cmz3mmkZGRK2jT57ynkZGRkSto0+d8ppGRkZGRK2jT53ynkZGRkZGRK2jT5/ymK2jT"
        + "5/qbRq6gTZ/rTCMjV9Cmz3VNIyMjV9Cmz3VPIyMjI1fQps/1mkZGRkZGrqBNn+uZRkZGRkZGrqBNn+s9XUGbPtdnGrmCNn2u7zQy"
        + "cgVt+ly/aWRk5Ara9Ln/ppGRkZEraNPnPtPIyMjIyBW06XNf08jIyMjIyBW06XPf0xW06XO/ppEraNPnfqaRkSto0+d+TyMjI1fQ"
        + "ps/9mUZGRkauoE2f+zuNjIyMjFxBmz73bxoZGRkZGbmCNn1ef9MVtOnzOtPIFbTp87qmkZEraNPndU8jIyNX0KbP6zWNjIyMXEGb"
        + "Pq9nGhkZGRm5gjZ9Xu9pZGRkZGTkCtr0eX2mK2jT5/WdRq6gTZ/XbxoZuYI2fZ6/aWRk5Ara9HnONDIyMnIFbfo81zQyMjIycgVt"
        + "+jz3NDIyMjIycgVt+jyv6Qra9HmeaeQK2vR53tPIyBW06fN8ppGRkSto0+f5TiMjIyNX0KbP85tGRkZGRq6gTZ/33zQyMjIyMnIF"
        + "bfq8z3QFbfq8r2nkCtr0ed/TyMgVtOnzfk0jIyNX0KbP+5lGRkZGrqBNn/d7GhkZGRm5gjZ93p9pZGRkZGTkCtr0eX+nK2jT5/2b"
        + "Rq6gTZ/P3zQycgVt+nzONDIycgVt+nyuaWRkZOQK2vT53NPIyMjIyBW06fN5TSMjIyMjI1fQps/nma6gTZ/Pexq5gjZ9Pp9pZOQK"
        + "2vT5fKeRkZEraNPn85tGRkZGrqBNn+/fNDIyMjJyBW36fM80MjIyMjJyBW36fK/pCtr0+d7TyBW06fN9TSMjV9Cmz/eZRkZGrqBN"
        + "n+97GhkZGbmCNn2+n2lkZGRk5Ara9Pl+p5GRkZGRkSto0+f7m66gTZ/f3zRyBW36/M40MnIFbfr8rmlkZOQK2vT53dPIyMjIFbTp"
        + "83tNIyMjIyNX0KbP75lGRkZGRkauoE2f33u6gjZ9fp9p5Ara9Pl9p5GRK2jT5/ebRkZGrqBNX39/08jIyMgVtOnr70wjIyMjI1fQ"
        + "pq+/axoZGRkZGbmCNn393dMVtOnr7zWNXEGbvv6eaWTkCtr09feeRkZGrqBNX3+faWRkZOQK2vT1951GRkZGRq6gTV9/v2lkZGRk"
        + "ZOQK2vR1/qYraNPXOdPIFbTp61zTyMgVtOnr3NPIyMgVtOnrvKaRkZGRK2jT13mmkZGRkZEraNPXeU8jIyMjIyNX0Kav85muoE1f"
        + "5zuNXEGbvs5vGhm5gjZ9XX/TyMjIFbTp6zrTyMjIyBW06eu6ppGRkZGRK2jT13VPIyMjIyMjV9Cmr+s1XUGbvq5nGrmCNn1d72lk"
        + "5Ara9HV9ppGRkSto09f1nUZGRkauoE1f128aGRkZGbmCNn3df9PIyMjIyMgVtOnrPtMVtOnrvqaRK2jT131PIyNX0Kav+zWNjIxc"
        + "QZu+7mcaGRkZuYI2fd3vaWRkZGTkCtr0dX+mkZGRkZGRK2jT1/2drqBNX/dvGrmCNn29/qaRkSto09frTCMjI1fQpq/XNY2MjIxc"
        + "QZu+Xvc0MjIyMnIFbfp6vaaRkZGRkZEraNPX65muoE1fr/c0cgVt+np9ppGRK2jT1+s7jYyMXEGbvl6/aWRkZOQK2vT1/E0jIyMj"
        + "I1fQpq/nTCMjIyMjI1fQpq/nmq6gTV/PPY1cQZu+ntc0MnIFbfp6nmlkZOQK2vT1vKeRkZGRK2jT1/OZRkZGRkauoE1fz3caGRkZ"
        + "GRm5gjZ9Pb/pCtr09f6bRq6gTV/vM42MXEGbvt7XNDIycgVt+nrf08jIyMgVtOnr/ZpGRkZGRq6gTV/vZxoZGRkZGbmCNn2939MV"
        + "tOnr/ZlGrqBNX+/vNDJyBW36ev+mkZGRK2jT1+dvGhkZGbmCNn19zjQyMjIycgVt+vpc08jIyMjIyBW06etzT1fQpq/Paxq5gjZ9"
        + "fZ5pZOQK2vT1eU8jIyNX0Kavz2caGRkZuYI2fX2+08jIyMjIFbTp6/ObRkZGRkZGrqBNX9+/6Qra9PU908gVtOnre00jI1fQpq/v"
        + "PY2MjFxBm76+r2lkZGTkCtr09X2mkZGRkZEraNPX9z2NjIyMjIxcQZu+vp/pCtr09f1OI1fQpq/vbxoZuYI2ff3+ppGRkSto09fv"
        + "TCMjIyNX0Kav3zWNjIyMjFxBm75+9zQyMjIyMnIFbfr6vaYraNPX75lGrqBNX7/3NDJyBW36+n2mkZGRK2jT1+87jYyMjFxBm75+"
        + "v2lkZGRk5Ara9P33N42MjIyMjFxBm77/znQFbfr+u6aRK2jT9989jYxcQZu+/17TyMjIFbTp+++ZRkZGRq6gTd9/72lkZGRk5Ara"
        + "9P33mUZGRkZGRq6gTd9/3+kK2vT995tGrqBN3+dvGhm5gjZ9nzONjIxcQZu+zzWNjIyMXEGbvs89jYyMjIxcQZu+z2saGRkZGRm5"
        + "gjZ9n2e6gjZ9n/c0cgVt+j6faWTkCtr0fb7TyMjIFbTp+/ymkZGRkSto0/f1N42MjIyMXEGbvq8zjYyMjIyMXEGbvq9ruoI2fV/3"
        + "NHIFbfq+XtPIyBW06ft6ppGRkSto0/f1nkZGRkauoE3f12caGRkZGbmCNn1f32lkZGRkZOQK2vR9/aYraNP3/TeNXEGbvu8zjYxc"
        + "QZu+72saGRm5gjZ93/c0MjIycgVt+r5f08jIyMjIFbTp+36mkZGRkZGRK2jT9/2erqBN3/dnGrmCNn3f32lk5Ara9H3/ppGRkSto"
        + "0/frbxoZGRm5gjZ9v840MjIyMnIFbfp+XdPIyMjIyMgVtOn7dU9X0Kbv12sauYI2fb+eaWTkCtr0/XpPIyMjV9Cm79dnGhkZGbmC"
        + "Nn2/vtPIyMjIyBW06fv1m0ZGRkZGRq6gTd/P33QFbfp+zjRyBW36fq5pZOQK2vT93NPIyMgVtOn7eU0jIyMjV9Cm7+eZRkZGRkau"
        + "oE3fz3saGRkZGRm5gjZ9P5/pCtr0/XynkSto0/fzm0ZGrqBN3++/aWRk5Ara9P0+08jIyMgVtOn7fU0jIyMjI1fQpu/3PY2MjIyM"
        + "jFxBm77fr+kK2vT9fqaRK2jT9/s9jYxcQZu+359pZGTkCtr0/f5OIyMjI1fQpu/3bxoZGRkZuYI2fX/+ppGRkZGRkSto0/fnTFfQ"
        + "pu/PNY1cQZu+P/c0MnIFbfr+vKaRkZEraNP355lGRkZGrqBN35/3NDIyMjJyBW36/nymkZGRkZGRK2jT9+c7XUGbvj+/aeQK2vT9"
        + "/ZtGRq6gTd/fM42MjFxBm76/1zQyMjJyBW36/t7TyMjIyMgVtOn7+5pGRkZGRkauoE3f32e6gjZ9f9/TyBW06fv7mUZGrqBN39/v"
        + "NDIycgVt+v7+ppGRkZEraNP3728aGRkZGbmCNn3/zjQyMjIyMnIFbfr+XdMVtOn7d08jV9Cm799rGhm5gjZ9/55pZGTkCtr0/XtP"
        + "IyMjI1fQpu/fZxoZGRkZuYI2ff++08jIyMjIyBW06fv3m65/",
      crc32: 0xC8EC_D00A),
    // 3636 bytes -> 8281 bytes
    Vector(
      name: "rleText", input: .text,
      base64:
        "BcG5lcRADENBn1EwhG1pNAez+cCjh/ztrQra9N90BW36TCNX0KavaWTkCtr0PY2MjFxBm35NIyMjI1fQpp9pZGRkZOQK2vR7GhkZ"
        + "GRkZuYI2/ZmuoE1/p5EraNO/aWTkCtr0+ZtGRkauoE2fM42MjIxcQZs+1zQyMjIycgVt+tzTyMjIyMjIFbTp85quoE2fZxq5gjZ9"
        + "3tPIyBW06fOZRkZGrqBNn+80MjIycgVt+vymkZGRkZEraNPX3zQyMjIyMnIFbfo60xW06euaRq6gTV/3NDJyBW36ek0jIyNX0Kav"
        + "ZxoZGRm5gjZ9vaeRkZGRkSto09dnGhkZGRkZuYI2fX2nK2jT128auYI2ff9NIyNX0KbvM42MjFxBm76vaWRkZOQK2vR9TyMjIyMj"
        + "V9Cm79c0MjIyMjJyBW36fqYraNP3exq5gjZ9f6aRkSto0/d3GhkZuYI2ff+mkZGRkSto06+/aWRkZGTkCtr060wjIyMjIyNX0KZf"
        + "13QFbfp1TyNX0KZfr2lk5Ara9OuZRkZGrqBNv97TyMjIyBW06ddnGhkZGRm5gjb9+k4jIyMjIyNX0KZfv+kK2vTzN41cQZt+zjQy"
        + "cgVt+rmmkZGRK2jTzz2NjIyMXEGbfl7TyMjIyMgVtOnnmUZGRkZGRq6gTT/v6Qra9POZRq6gTT/faWTkCtr085tGRkauoE2//6aR"
        + "kZGRK2jT7zONjIyMjFxBm35f08jIyMjIyBW06fc9XUGbfr+mkSto0+9nGhm5gjb9fk8jIyNX0Kbfn2lkZGTkCtr0+zuNjIyMjFxB"
        + "m37/ppGRkZGRkSto05+/6Qra9OdMI1fQpj/XNDJyBW36c08jIyNX0KY/r2lkZGTkCtr055lGRkZGRq6gTX/e08jIyMjIyBW06c9n"
        + "uoI2/flOI1fQpj+/aWTkCtr0928aGRm5gjb9PdPIyMjIFbTp7zWNjIyMjFxBm/7e08jIyMjIyBW06e9ruoI2/X2mkSto09/3NDJy"
        + "BW36+5lGRkauoE1/v9PIyMjIFbTp728aGRkZGbmCNv37m0ZGRkZGRq6gTf/OdAVt+ndNI1fQpn/3NDJyBW3695pGRkauoE3/nmlk"
        + "ZGTkCtr07z2NjIyMjFxBm/59ppGRkZGRkSto07/vdAVt+vebRq6gTZ+/v2lk5Ara9Pk708jIyBW06fN3TSMjIyNX0KbP3z2NjIyM"
        + "jFxBmz5/r2lkZGRkZOQK2vT5e6YraNPn7z2NXEGbPn+faWTkCtr0+ftOIyMjV9Cmz99vGhkZGbmCNn3O3zQyMjIycgVt+pwzjYyM"
        + "jIyMXEGbPuearqBNn3NPI1fQps95TSMjV9Cmz3mmkZGRK2jT57ynkZGRkSto0+d8ppGRkZGRK2jT53ynkZGRkZGRK2jT5/ymK2jT"
        + "5/qbRq6gTZ/rTCMjV9Cmz3VNIyMjV9Cmz3VPIyMjI1fQps/1mkZGRkZGrqBNn+uZRkZGRkZGrqBNn+s9XUGbPtdnGrmCNn2u7zQy"
        + "cgVt+ly/aWRk5Ara9Ln/ppGRkZEraNPnPtPIyMjIyBW06XNf08jIyMjIyBW06XPf0xW06XO/ppEraNPnfqaRkSto0+d+TyMjI1fQ"
        + "ps/9mUZGRkauoE2f+zuNjIyMjFxBmz73bxoZGRkZGbmCNn1ef9MVtOnzOtPIFbTp87qmkZEraNPndU8jIyNX0KbP6zWNjIyMXEGb"
        + "Pq9nGhkZGRm5gjZ9Xu9pZGRkZGTkCtr0eX2mK2jT5/WdRq6gTZ/XbxoZuYI2fZ6/aWRk5Ara9HnONDIyMnIFbfo81zQyMjIycgVt"
        + "+jz3NDIyMjIycgVt+jyv6Qra9HmeaeQK2vR53tPIyBW06fN8ppGRkSto0+f5TiMjIyNX0KbP85tGRkZGRq6gTZ/33zQyMjIyMnIF"
        + "bfq8z3QFbfq8r2nkCtr0ed/TyMgVtOnzfk0jIyNX0KbP+5lGRkZGrqBNn/d7GhkZGRm5gjZ93p9pZGRkZGTkCtr0eX+nK2jT5/2b"
        + "Rq6gTZ/P3zQycgVt+nzONDIycgVt+nyuaWRkZOQK2vT53NPIyMjIyBW06fN5TSMjIyMjI1fQps/nma6gTZ/Pexq5gjZ9Pp9pZOQK"
        + "2vT5fKeRkZEraNPn85tGRkZGrqBNn+/fNDIyMjJyBW36fM80MjIyMjJyBW36fK/pCtr0+d7TyBW06fN9TSMjV9Cmz/eZRkZGrqBN"
        + "n+97GhkZGbmCNn2+n2lkZGRk5Ara9Pl+p5GRkZGRkSto0+f7m66gTZ/f3zRyBW36/M40MnIFbfr8rmlkZOQK2vT53dPIyMjIFbTp"
        + "83tNIyMjIyNX0KbP75lGRkZGRkauoE2f33u6gjZ9fp9p5Ara9Pl9p5GRK2jT5/ebRkZGrqBNX39/08jIyMgVtOnr70wjIyMjI1fQ"
        + "pq+/axoZGRkZGbmCNn393dMVtOnr7zWNXEGbvv6eaWTkCtr09feeRkZGrqBNX3+faWRkZOQK2vT1951GRkZGRq6gTV9/v2lkZGRk"
        + "ZOQK2vR1/qYraNPXOdPIFbTp61zTyMgVtOnr3NPIyMgVtOnrvKaRkZGRK2jT13mmkZGRkZEraNPXeU8jIyMjIyNX0Kav85muoE1f"
        + "5zuNXEGbvs5vGhm5gjZ9XX/TyMjIFbTp6zrTyMjIyBW06eu6ppGRkZGRK2jT13VPIyMjIyMjV9Cmr+s1XUGbvq5nGrmCNn1d72lk"
        + "5Ara9HV9ppGRkSto09f1nUZGRkauoE1f128aGRkZGbmCNn3df9PIyMjIyMgVtOnrPtMVtOnrvqaRK2jT131PIyNX0Kav+zWNjIxc"
        + "QZu+7mcaGRkZuYI2fd3vaWRkZGTkCtr0dX+mkZGRkZGRK2jT1/2drqBNX/dvGrmCNn29/qaRkSto09frTCMjI1fQpq/XNY2MjIxc"
        + "QZu+Xvc0MjIyMnIFbfp6vaaRkZGRkZEraNPX65muoE1fr/c0cgVt+np9ppGRK2jT1+s7jYyMXEGbvl6/aWRkZOQK2vT1/E0jIyMj"
        + "I1fQpq/nTCMjIyMjI1fQpq/nmq6gTV/PPY1cQZu+ntc0MnIFbfp6nmlkZOQK2vT1vKeRkZGRK2jT1/OZRkZGRkauoE1fz3caGRkZ"
        + "GRm5gjZ9Pb/pCtr09f6bRq6gTV/vM42MXEGbvt7XNDIycgVt+nrf08jIyMgVtOnr/ZpGRkZGRq6gTV/vZxoZGRkZGbmCNn2939MV"
        + "tOnr/ZlGrqBNX+/vNDJyBW36ev+mkZGRK2jT1+dvGhkZGbmCNn19zjQyMjIycgVt+vpc08jIyMjIyBW06etzT1fQpq/Paxq5gjZ9"
        + "fZ5pZOQK2vT1eU8jIyNX0Kavz2caGRkZuYI2fX2+08jIyMjIFbTp6/ObRkZGRkZGrqBNX9+/6Qra9PU908gVtOnre00jI1fQpq/v"
        + "PY2MjFxBm76+r2lkZGTkCtr09X2mkZGRkZEraNPX9z2NjIyMjIxcQZu+vp/pCtr09f1OI1fQpq/vbxoZuYI2ff3+ppGRkSto09fv"
        + "TCMjIyNX0Kav3zWNjIyMjFxBm75+9zQyMjIyMnIFbfr6vaYraNPX75lGrqBNX7/3NDJyBW36+n2mkZGRK2jT1+87jYyMjFxBm75+"
        + "v2lkZGRk5Ara9P33N42MjIyMjFxBm77/znQFbfr+u6aRK2jT9989jYxcQZu+/17TyMjIFbTp+++ZRkZGRq6gTd9/72lkZGRk5Ara"
        + "9P33mUZGRkZGRq6gTd9/3+kK2vT995tGrqBN3+dvGhm5gjZ9nzONjIxcQZu+zzWNjIyMXEGbvs89jYyMjIxcQZu+z2saGRkZGRm5"
        + "gjZ9n2e6gjZ9n/c0cgVt+j6faWTkCtr0fb7TyMjIFbTp+/ymkZGRkSto0/f1N42MjIyMXEGbvq8zjYyMjIyMXEGbvq9ruoI2fV/3"
        + "NHIFbfq+XtPIyBW06ft6ppGRkSto0/f1nkZGRkauoE3f12caGRkZGbmCNn1f32lkZGRkZOQK2vR9/aYraNP3/TeNXEGbvu8zjYxc"
        + "QZu+72saGRm5gjZ93/c0MjIycgVt+r5f08jIyMjIFbTp+36mkZGRkZGRK2jT9/2erqBN3/dnGrmCNn3f32lk5Ara9H3/ppGRkSto"
        + "0/frbxoZGRm5gjZ9v840MjIyMnIFbfp+XdPIyMjIyMgVtOn7dU9X0Kbv12sauYI2fb+eaWTkCtr0/XpPIyMjV9Cm79dnGhkZGbmC"
        + "Nn2/vtPIyMjIyBW06fv1m0ZGRkZGRq6gTd/P33QFbfp+zjRyBW36fq5pZOQK2vT93NPIyMgVtOn7eU0jIyMjV9Cm7+eZRkZGRkau"
        + "oE3fz3saGRkZGRm5gjZ9P5/pCtr0/XynkSto0/fzm0ZGrqBN3++/aWRk5Ara9P0+08jIyMgVtOn7fU0jIyMjI1fQpu/3PY2MjIyM"
        + "jFxBm77fr+kK2vT9fqaRK2jT9/s9jYxcQZu+359pZGTkCtr0/f5OIyMjI1fQpu/3bxoZGRkZuYI2fX/+ppGRkZGRkSto0/fnTFfQ"
        + "pu/PNY1cQZu+P/c0MnIFbfr+vKaRkZEraNP355lGRkZGrqBN35/3NDIyMjJyBW36/nymkZGRkZGRK2jT9+c7XUGbvj+/aeQK2vT9"
        + "/ZtGRq6gTd/fM42MjFxBm76/1zQyMjJyBW36/t7TyMjIyMgVtOn7+5pGRkZGRkauoE3f32e6gjZ9f9/TyBW06fv7mUZGrqBN39/v"
        + "NDIycgVt+v7+ppGRkZEraNP3728aGRkZGbmCNn3/zjQyMjIyMnIFbfr+XdMVtOn7d08jV9Cm799rGhm5gjZ9/55pZGTkCtr0/XtP"
        + "IyMjI1fQpu/fZxoZGRkZuYI2ff++08jIyMjIyBW06fv3m65/",
      crc32: 0xC8EC_D00A),
    // 1212 bytes -> 8281 bytes
    Vector(
      name: "mixedText", input: .text,
      base64:
        "fNY9ctwwDIbhPqfYI/ADQAD0bWxPur1/nYwnEf8AdEuyebSSXuH9+fX7/Wofr1/vn1/4eH1+ff9b0M9irvn/em7JsjV3+747D/Q6"
        + "mGf2IHxFjAOBdiuAkAHKHOACApl/R18p0NNigcVjy8gs1AoL4bEQbfeGDwvJbaEeWkhTi1UWn5axWridDwpuC1NoYc4sLIWF+2Nh"
        + "3Sx2WjywjNAiLbMICovQYxFeLSKHRXrwBmlssdTilWU8lt5WS8dh6XRbOsevs2SW3gtL12mxzeKnZdwWbaFFkbaFCovyY1FZLdoP"
        + "i2pgsdjiqWVUoZu5ta23dgbXguJanFxLm2tldGd1bcuund31oLsed9fT7nrVXZ/d9a27fnbXg+563F1Puzuq7o7Z3bF1d5zdHUF3"
        + "R9zdkXZ3VN0ds7tj6y5auz6OQXnR4vSipe1Fq+KLNuuLpjvJLpJHpLjAQJpgoGowMCMMbBUGzgwDPZohNCFZTvKSNFsM2mIMOmsM"
        + "CnIM4mSuSYMMqooM0oVkO8kvUlBlcJxlMPJZqwozeJYZvKUZfLYZrBHJEpLnpFHOf8s8LFuhIWeiIUGjIXGkIWmlIVqSbCH9va4/"
        + "AAAA//982LsVwDAIQ9GVYtl8vP9iKQMBUbt51T1Y8alcyNKdyEJuZOFHsoxXssQzOd/JUg5l6S5lIaeyULOXTmgv/dReiny6/91e"
        + "2sC9tJd7qfIkG5M8JGW9rehtnd5G9Daut416W9Dbst5W9LZObyN6O9fbR7096O1Zby96e6e3E72d6+2j3h70vlnvW/S+nd6X6H25"
        + "3nfU+wa9b9b7Fr1vozeeXm88i/9OJ73xfHrjSXrj+euNR7skI0nOk+74Y/70xsp7xvrrjdXojdXrjUX1xtIxyUKS56S/3kCjN9Dr"
        + "DVC9gUlv4IRhIekNaEmyLslJEl869jh17LB17N/YUdaO3c0dm+wdmw8ee1w8dpg8dtIb5ykDTKM3Tq83DtUbZ9Ib59MbR3OSlSTv"
        + "knq9IVRvyKQ35NMbkvSG/PWGSLdTKUkynuRj0qc3NOkN/esNbfSGbrKdUb2hk95QDUmWk7wkdXob0du43jbqbUFvy3pb0ds6vY3o"
        + "bVxvG/X2oLdnvb3o7Z3eTvR2rrePenvQ27PeXvS+nd7fwfACAAD//33WS46DMAyA4X1PwRFiO371NrSaXe+/Hk2lCQmxLbEAG6Jv"
        + "9Yvz9T5f78fnfP18DnR8Hud3Mq6xom01b/vzGPf8fXM8yv+HY6LTUWNo6/lj7hmJWitI1GCQqOFMokY3ErW+k6hxSKImOUlLkk0k"
        + "X0jQ7iSAgAQYk4BSEvSKBHyRQFaSbiSLSB6TsKUkhIqEeJGQFhL2Owk5IKEkJM1JVpL8IlFbSAR3EmFAIopJ1FMScUUimUi6kmwj"
        + "eUDqLSZ1SEkdK1Kni9T7Qup8J3WJSJqQLCd5ReJ2kRgWEuOdxBSQuMck5pTEUpJ0ItlK8jtJWkASiEmS1pukqjfJVW+Spd4kspE0"
        + "IllCyuutZb11qreu9dat3hrVW5N6a15vLeutU711rbdt9bao3pbU2/J6W1lvm+pta71tq7dF9bak3p7X28t6+1RvX+vtW709qrcn"
        + "9fa83l7W++8X4vEL",
      crc32: 0xC8EC_D00A),
    // 3005 bytes -> 3000 bytes
    Vector(
      name: "storedNoise", input: .noise,
      base64:
        "AbgLR/TcBGWqH60dWtrlrBseXxNweWz9EP8Zr2AdBKy0HQIrRnhzOvLfX663CFnR7jkQy0iVtcyJKRH/BrZiLt88+TX9S5Qoygl8"
        + "RLMCXpZfs+ptrNQtgW5pr+Dmh0ycBOfSNl0sYMnq9Hn2hqDrkybkYhLVDcuzdxVqajpouo7bdAhGnvPOswr40N1ou/hf+iTy0vwY"
        + "h/tch7q0ODKlmxs9EHz3eNZ/4m34EZEpfpOVyxLFV85a8dQWGNcZvARbfpll8aKUccQqrGqpOMR1x60yOAIfBTssmRr86xXez2i6"
        + "4Hy81h6XG5oLnb6XY9OS/K/fooyXI0Vi690HZXD/WIlqz/fK7j8c6eQKaOXek404nH2911sJ1OfiM0Q/SozEoZDWuLjcYV/Rjii+"
        + "WQ6qUBtQimo2KeZw31V3utxEbUO7qQgX1sD2ewhhcNktyRJyWyR+wuLasbIEniCAdDeab5AM3S5ecvUJSLZY0Zfpw4yxbtPdEkRi"
        + "MgwUp68/+gze1hPOE4bLV6BH5Fu+0UW0NtWI/tIAQfKHsQ+DX3RluihGFlLfiKIT2b9C77cRtd4Hf8l5uuOoWEqp6C2oTVCd5phr"
        + "4qmazyFMZiqM1ZARN5hnibut81GNE631HKEBlKywhGz1ivUqepH186svhjK6gUUgPcNnFIh6dZDIY8cH4B7CcAOa0YsWPyT2w94r"
        + "711a0eZ2E3nKQha5EKoF2YMwxwrPhfBmy+zvrIlM+rcfGLrDNN+2YEqygDLNOaFu35REFOHzpuzB9DlDBsCbYp3jOtNh78NTa9BP"
        + "lh/uTb3zBS2X/sTRm0UntKLElNhkPrhxucQfU4sIlRyeX0Ah/5d6Gk1/cIyrL3z6gBtCyvXbjPksuOZ+Qfb5fwHkqDZtpOyi7bpw"
        + "7VRX66CXY0GJTU1ZaOaSvFyrDvMQeQadpT3xUl0uCTsNzpZtQZ71CiykaxZWnawaBAIpe2a9HZeDqFal5crDSQRQwvpzTSgUzDEN"
        + "vF0LXHiPfh6KGoWBD+vmq9zQd0EU6RS1ic9cU9iBLgtDE+b8TBVXxRfEiIp98y/I77fv2RHVUEYS7ILQzWLRPaEQ6OMRrcb2GvuA"
        + "kVizu4XXMejluuA+To5jefdriVR80O7HajxwAImMWCPtGEXCu4zYG7yGIRSj9Mz3HisL7Z/IQzznR3ZAV2VzK/Y1v3xBBEJAtu6x"
        + "DB89v7afhQPWfYCn/7Sq1r02nONOBCk6Ie86BxAraahcmWDTbNHwh0Xx8LTIJ9yprwApQUZvac3pnSPAQXRwHT3pVqHSDOSwc9AR"
        + "AE+bVQdOjAUlyZBvkgskuQWM53op5+cVwaGo2pWY89skTGWOCNGzJyeQvrOewVr0bqneAOSTa5jKj/1JUO0zRLd33v7DckuI3lNR"
        + "qwxCGcuST7B5ZndO1VVVZKn3qGdHU4hfHlFnLh/jyqHS8sU4Ngo4tV3GzGfE+qszc6ICZ9mNNz5lyeoz5M2tBp5phI8ubhtGJR3K"
        + "jl5QScQfajIL9AA81UxEMTLQNrTZh4m196tWsLlIgqibmvDnbiRnciyQQk58Stp2A9q0l3AFaZFGo1muaD8PoGZxcj2K+rH5oKTs"
        + "J4nXo+9/+98OJZEiUVYRD8+qgdrpyNpuAm4aX/9BKJZ9VWy21XwqUNFPo8wr/uoSydeH+7uXzXvwdPuKvOYV1wo5gCxg1GCfmEey"
        + "flgWKPhWR8iLTa1DMr7zFkpnZ2JIhIyMHchelGQaYzZREHbDWixTvKLZ4TMqI0PitzqdCIGlpgegRfK/NhH9qF2L97LPBVHcWJUM"
        + "lvzZvNfoa17+GSPfas4PaNivM2t/ugFv7fGXm6DFuwRjQJe2bvU0hD2pt5Asv16Z12Q6BzR/qrhtVpuIfgCBo5OOFIof+MvmvMkZ"
        + "EMaKaly18NwpPsS+qSmWyXHxISC/HX0Jj2EHaVxzEAG2rkhriWrp0icWo3QaGkrZrG5C0TL6pi8drDtGv1sYJ9xfEZn47OjVWzMy"
        + "BuQ3CoOTb3nK1CGhPIx5rJvlbHZD2k/8K4E1hJsbDYqr3Xhuf3xs30R7igXpND9xnqicxQ0G9iNb/T1W3cEdw5rf1g2FwdyLdwEu"
        + "a+5udqOI3+abPbrNm19C+/ZTpdr0DcFJgU26N5abPARrA5GXWZFiP5GLTEt/cSpo/LUdvTY6W8hfj732GOgGBZzg9Bqt8QmhPq8W"
        + "6OXHjHv/u4I9oFuGS0ICJJApljcolz3ydrXgrAQ8YHAd5ptALJgdLdNMphjLwGBFfuDdpWb00uAjiZUkXyFYsGKaIx90XpN19lBU"
        + "6z9yX3o3VvQptkpXF5pDSkiqhU0vLhiY/0rr1bIexJ7Wn++5GjSjFZwQMoPwUvk28N4C+Ub5eTK6p9WaPMTCurHl0CR+7N531W1E"
        + "EMLEw5D08i4STDzVKSeCtJxsYGDhVAatWvzXIFGsxBi15We7kizfoVKZbkO1HtQikphpt0uY/B4R7m6B3fkORSmxs/dycZz1b4UI"
        + "3A54lLUzGlfeMFO+ugKrKRhRlUJkJn8hkGqaIsAiaYG4bAu6BjlJou7IX0Ua5ot//udWWQ1ipSmdsH9omiOcUe4HsT+sWn3E/0qT"
        + "iNVz5uhL1RZK15d9Qjd9+GYdKnXxlxdBGkBPDzIp8MeAhWIV3BZUrA5be17kdgrdFd/wTtnL1JNEWtFVZoPx1CS/a27VeJzxnDDH"
        + "oIhyjQdseSp/f6F1f7SRlqnYJoSQbR5GS0iJ5bvs8DObpUI/TGSCk15eMzTeY39XYv4p49VSOKsDr2Fn5Pcxd6iz/1iG9JTiReuW"
        + "R4dIuczYU6ZFesunUe6CF1pCtItLHivAEIwVRM+KoeXoUVvarWRNsuFX0QDyZDfE9q8cmGdVhZ+fN74tEof1Nk0XlXiyXGRo8EVb"
        + "3kW+SX9zAibug6U4sj1d6OVilGGisK7uLJMaEN6rGmLXAVMtYQkUyyZXZrwRIdiKBXkHXUFH71yOCPXKLUiw3YTge16C8LsC15vx"
        + "itaFfpwlDjlfKkuz2jXIRQptAN7FfJmOUfpg0cOaB5wZF6ApF9zYg+J29NFduo1iR7YLfBFY4+SA4JAtBwdSweLsqbHyw5A8XDx6"
        + "IeC1DqT5H6FiubB31mNNuqfGtja3XG/a7CZy77xFlhV7WL0CZJnA+mm2HA66cVkUF/Y+atb/tmq0qoCrWxWa/be/ayP5nrNOZwAz"
        + "XuoiG9hWkjild0TakN93hn1yRWFqrg1XJ7uBDtU2jo4gve+sPDqPO6Hwo/KFR4QcHVhNApQ2OBjIArnqx61YxAyMTyR5nefhFJuT"
        + "F4LDydlEZKSWsyk7R7wnv15cpVZv2q27m8hWksC3z4xhvSw/V6jwwjX/Xgx8vIAKg8z0giVCeqooXz2HcELkB+hvWN0rAlQg9q+u"
        + "o0+BZxJxTnTRfvxJlON3K76KbjN7w9AhnPAJ5jXy/e/4V8EzUEAc+z0UwHTy5kj2MKbxEmALGF5zPHcAekEf+wQtNTw7B2xjvn1G"
        + "UzxHCnjUXITbL9h/51uoA/hm+0+pv2iV2kzfeINKUUY86R/1iKNE3+VgQT2US8xlKHI3w9EgoZlm+uB2NNwqd4lxhkH+lPW6iGpf"
        + "ij48P1TnFQ60Sx9w+Ta+IZ9MaZ6TkE2TJrOgB80cxUqeuySaio7Hl1vwtW1spA+7LKXsRlGr9F/bfb4Uz/rqGbDl/nS+cwHs7pbZ"
        + "L6wHZcZTFlq5aDHeAZo25rJ6eFDl+pPAZ6fwOyOmF4RPcLg5WU13rZCSe4STmrUReoXwcMaznWIJ/lzrVLtKrWVwDQONUqDdY4Xf"
        + "XisS0jcDp7nB0xLc3fJ8D4uZZQdNCGNgOnqaauHK+rfj4TxlTueaLLslUSYovNdhkwjcJlvRAwhWN12rsVypWovPTkZRuxSf19Sm"
        + "VTv9yKt6uViAz1gGXc/e0z1GsksgzwuBTjUaz2yN90pAD04IQ7nGEeyiNCa3H4Q095djlmEmrg5U9JqB6VSodr+cRk2Dx0U/Qsv/"
        + "GW67RLg=",
      crc32: 0xF06A_DB84),
    // 178 bytes -> 1000 bytes
    Vector(
      name: "shortDynamicText", input: .shortText,
      base64:
        "fdM5DgMhDAXQPqfgCHhjmdvMROm4fx1plGAGbDr+d/MEpp3Xp4V4hFe7T3CE83r/At5BM/2zVjxU2sqz1UFaBjrLHVFGRJ0QEFcF"
        + "gMkA9BxAGwiwXoeMFEizJRuWYluqZ8G4sSB0C+LjbWiyIK8WFNOCybXknaWopY4WivOiwGohNC1EnoV4YyHpFkoPS54txbBU08LR"
        + "szBsLIzdwjRamCcLi/GDkm3JrqXsLLVbJA6WLw==",
      crc32: 0x3057_6775),
    // 2 bytes -> 0 bytes
    Vector(
      name: "empty", input: .empty,
      base64:
        "AwA=",
      crc32: 0x0000_0000),
  ]

  /// A 1560-byte archive written by Python's `zipfile`: `labels.txt` (deflated ``MetadataFixtures/labelText``),
  /// `vocab.txt` (stored), `dir/empty.txt` (deflated, empty), and the comment `made by zipfile`.
  static let pythonZip = Data(
    base64Encoded:
      "UEsDBBQAAAAIAAAAIQAK0OzItQQAAFkgAAAKAAAAbGFiZWxzLnR4dH3ZQY5cNwwE0L1PMUcQSUmkfBs7yG7uvw5iuL/EUvHv0qpN"
      + "Ie15XZC+f/3+9/ur/fz68f3nv+Tn16/f//z9oH8+7M/2+byP+nG0T0c+3cG8gp35UyLOEgtKSLtbiNAaolUPsZci0vf/jnFWkYld"
      + "nHQJ3mVVXbS9dFF5uqim78agi/a7iw7aRe+v4ZP4W5fYXdbZxRr+Q5G7iyntYvc38Un6SxcbTxebqYtjlyBdFu3S72/ik8hLl65P"
      + "l25nl96hSx93lz55l/ub+CTx1mU9XUY7uwyBLkPvLsNol3F/E5/k/ks/wrm7eOoS2GXdXWajXeb9TXyS+6/9CO3pMvvZZQ7oMifp"
      + "4rzL/U18kvuvfYe+ufXkrSO4TsR1Tq6X5vorultdT+w6uhvE3eDuRuluvLkb291I7ga6G8Td4O5G6e56c3dtd1dyd6G7i7i7uLur"
      + "dHe9ubu2uyu5Kw3hlUbklcbplVbaK+0NX2lbX2kzV0J/pRGApXGBRUqCBX/kId0IiySFRZBhEeKwCIdYpJRY8Lce0m2xaMJYFDUW"
      + "JRyLco9FS5AFf/IhnUclz5UQZVGishhnWax0WfCXH9Its1iiWQxtFiM4i3GdxUqeBQdATvuxh3sSWjoSLZ0YLZ0jLb1UWnAHQOpH"
      + "pciVroU82EQexUYe9UjGOQDpOZPzTh7XUB5sKY9iKo/SbMFVAOlWW2ZiWya6LZPALZPLLbOkW3AcQBpHpay3X3o709sLvb3WGzcC"
      + "pIfenvX2S29nenuhd9R641SA9NA7st5x6R1M7yj0jlpvXAyQHnqvrPe69F5M71XovWq9cThAeui9st7r0nsRvbVxvbWVeiuOB0i3"
      + "3tqS3tpQb21Eb21cb22l3orjIaey9VbJ9xmCeqsQvVW43iql3orjAVI/KkWuhHqrEr1Vud6qpd6K4wHSflwsJL1VUW9Vorcq11u1"
      + "vunA8QDpcddhcNlx3XYYu+6w4r7D6gsPHA+QHlcelvTWjnprJ3pr53prL/VWHA+Qbr21z1wJ9dZO9NbO9dZR6q04HiDdeutIeutA"
      + "vXUQvXVwvXWUeiuOB0i33jqT3jpRb51Eb51cb52l3orjAdJ5VPJcCfXWyfT2Qm+v9cbxAOmht2e9/dLbmd5e6O213jgechqH3pH1"
      + "jkvvYHpHoXfUeuN4gPTQO7Lecem9mN6r0HvVeuN4gPTQe2W916X3YnqvQu9V6m04HiDdeltLeltDva0Rva1xva2VehuOB0jjqJRv"
      + "rOW+smZ31viC8JzXt9Y4HiA97q0lX1zLdXMt7OoaHxI+5+QZ4Yne9DbdepsmvU1Rb1Oit+F7wnNe6m04HiDdepslvc1QbzOit+Gz"
      + "wnNe6m04HiCdRyXPlVBvM6K34evCc17qbTgeIN16W096W0e9rRO9DR8ZnvNSb8PxkNOx9baR9LaBetsgehu+NTznpd6G4wFSPypF"
      + "roR62yR6Gz45POel3objAdKtt82kt03U2ybR2/Dl4Tmv9cbxAOmht2e9/dLbmd74APGc13rjeID00Nuz3nHpHUxvfId4zmu9cTxA"
      + "eugdWe+49A6mNz5HfM7JY8QTveq9Dr1X1ntdei+mN75KPOe13jgeIP1f7/8AUEsDBBQAAAAAAAAAIQBUidSJGAAAABgAAAAJAAAA"
      + "dm9jYWIudHh0W1BBRF0KW1VOS10KaGVsbG8Kd29ybGQKUEsDBBQAAAAIAAAAIQAAAAAAAgAAAAAAAAANAAAAZGlyL2VtcHR5LnR4"
      + "dAMAUEsBAhQDFAAAAAgAAAAhAArQ7Mi1BAAAWSAAAAoAAAAAAAAAAAAAAIABAAAAAGxhYmVscy50eHRQSwECFAMUAAAAAAAAACEA"
      + "VInUiRgAAAAYAAAACQAAAAAAAAAAAAAAgAHdBAAAdm9jYWIudHh0UEsBAhQDFAAAAAgAAAAhAAAAAAACAAAAAAAAAA0AAAAAAAAA"
      + "AAAAAIABHAUAAGRpci9lbXB0eS50eHRQSwUGAAAAAAMAAwCqAAAASQUAAA8AbWFkZSBieSB6aXBmaWxl")!
}
