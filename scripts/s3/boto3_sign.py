"""boto3's own SigV4 signer as the reference for S3ClientTests.

Reads a JSON list of cases on stdin; each case is
  {"method", "url", "headers": [[name, value], ...], "body": text (UTF-8), "unsignedPayload":
   bool, "date": "yyyymmddThhmmssZ", "expires": seconds, "accessKeyID", "secretAccessKey",
   "sessionToken" (or null), "region"}
and prints a JSON list of {"authorization", "presignedURL"}: the Authorization header
botocore's S3SigV4Auth adds to that request at that time, and the URL its S3SigV4QueryAuth
makes for a GET of the same URL. Run with the .venv-s3 python (scripts/s3/setup.sh).
"""
import datetime
import json
import sys
from unittest import mock

import botocore.auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials


def frozen(date):
    moment = datetime.datetime.strptime(date, "%Y%m%dT%H%M%SZ")

    class Frozen(datetime.datetime):
        @classmethod
        def utcnow(cls):
            return moment

        @classmethod
        def now(cls, tz=None):
            return moment.replace(tzinfo=tz) if tz else moment

    return mock.patch.object(botocore.auth.datetime, "datetime", Frozen)


def sign(case):
    credentials = Credentials(case["accessKeyID"], case["secretAccessKey"], case.get("sessionToken"))
    request = AWSRequest(
        method=case["method"], url=case["url"], headers=dict(case["headers"]), data=case["body"].encode()
    )
    signing = not case["unsignedPayload"]
    request.context["client_config"] = Config(s3={"payload_signing_enabled": signing})
    with frozen(case["date"]):
        botocore.auth.S3SigV4Auth(credentials, "s3", case["region"]).add_auth(request)
        presign = AWSRequest(method="GET", url=case["url"])
        botocore.auth.S3SigV4QueryAuth(credentials, "s3", case["region"], expires=case["expires"]).add_auth(presign)
    return {"authorization": request.headers["Authorization"], "presignedURL": presign.url}


if __name__ == "__main__":
    print(json.dumps([sign(case) for case in json.load(sys.stdin)]))
